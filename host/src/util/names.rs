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

/// The names of `names` nearest to `typed` (ignoring case and accents), the
/// nearest first, for « vouliez-vous dire ... ? »: those within two edits
/// (one for names of up to four letters), or that `typed` begins; at most three.
pub(crate) fn nearest<'a>(typed: &str, names: &[&'a str]) -> Vec<&'a str> {
    let typed = fold(typed);
    let mut near: Vec<(usize, &str)> = names
        .iter()
        .filter_map(|&name| {
            let folded = fold(name);
            let distance = strsim::damerau_levenshtein(&typed, &folded);
            let allowed = if folded.chars().count() <= 4 { 1 } else { 2 };
            let begun = typed.chars().count() >= 3 && folded.starts_with(&typed);
            (distance <= allowed || begun).then_some((distance, name))
        })
        .collect();
    near.sort();
    near.into_iter().take(3).map(|(_, name)| name).collect()
}

/// `a`, `a ou b`, `a, b ou c`: names offered as alternatives, in French.
pub(crate) fn alternatives(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [first @ .., last] => format!("{} ou {last}", first.join(", ")),
    }
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
    fn the_nearest_names_are_offered() {
        let ids = ["awale", "kalah", "kalaha", "oware", "wari", "mweso"];
        assert_eq!(nearest("awele", &ids), ["awale"]);
        assert_eq!(nearest("AWALÉE", &ids), ["awale"]);
        assert_eq!(nearest("kalh", &ids), ["kalah", "kalaha"]);
        assert_eq!(nearest("kal", &ids), ["kalah", "kalaha"]);
        assert_eq!(nearest("warri", &ids), ["wari"]);
        assert!(nearest("mancala", &ids).is_empty());
        assert!(nearest("xyz", &ids).is_empty());
        assert_eq!(alternatives(&["kalah", "kalaha"]), "kalah ou kalaha");
        assert_eq!(alternatives(&["a", "b", "c"]), "a, b ou c");
    }

    #[test]
    fn other_letters_still_differ() {
        assert!(!matches("awala", "awale"));
        assert!(!matches("kalah", "kalaha"));
    }
}
