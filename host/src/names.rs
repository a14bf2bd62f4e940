//! Matching what a player types against variant ids and player names,
//! ignoring case and accents (`Awalé` finds `awale`).

/// `text` in lower case with the accents of Latin letters removed.
pub(crate) fn fold(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => folded.push('a'),
            'ç' => folded.push('c'),
            'è' | 'é' | 'ê' | 'ë' => folded.push('e'),
            'ì' | 'í' | 'î' | 'ï' => folded.push('i'),
            'ñ' => folded.push('n'),
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => folded.push('o'),
            'ù' | 'ú' | 'û' | 'ü' => folded.push('u'),
            'ý' | 'ÿ' => folded.push('y'),
            'æ' => folded.push_str("ae"),
            'œ' => folded.push_str("oe"),
            other => folded.push(other),
        }
    }
    folded
}

/// Whether `typed` names `name`, ignoring case and accents.
pub(crate) fn matches(typed: &str, name: &str) -> bool {
    fold(typed) == fold(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_and_accents_are_ignored() {
        assert!(matches("Awalé", "awale"));
        assert!(matches("AWALÉ", "awale"));
        assert!(matches("awale", "Awalé"));
        assert!(matches("Sud", "SUD"));
        assert!(matches("Sérata", "serata"));
    }

    #[test]
    fn other_letters_still_differ() {
        assert!(!matches("awala", "awale"));
        assert!(!matches("kalah", "kalaha"));
    }
}
