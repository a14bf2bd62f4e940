//! The console protocol's one form of a list of holes (SPEC §3), shared by
//! every prompt that lists them: the host's own and the plugins'; and what
//! keeps a prompt within 80 columns.

/// Hole numbers, increasing, as a prompt lists them: runs of three or more
/// consecutive holes as « a à b », everything separated by single spaces
/// (`1 à 12`, `1 2 5 à 9 12`).
pub fn hole_list(holes: impl IntoIterator<Item = u32>) -> String {
    let holes: Vec<u32> = holes.into_iter().collect();
    let mut parts: Vec<String> = Vec::new();
    let mut start = 0;
    for end in 0..holes.len() {
        if end + 1 == holes.len() || holes[end + 1] != holes[end] + 1 {
            if end >= start + 2 {
                parts.push(format!("{} à {}", holes[start], holes[end]));
            } else {
                parts.extend(holes[start..=end].iter().map(u32::to_string));
            }
            start = end + 1;
        }
    }
    parts.join(" ")
}

/// The widest line a prompt may take, in columns: every prompt fits a
/// terminal of 80 columns (`SPEC.md` §3).
pub const PROMPT_COLUMNS: usize = 80;

/// How a prompt that lists the accepted holes offers the end by agreement,
/// after them: short, so that the line keeps within [`PROMPT_COLUMNS`].
pub const AGREEMENT_CHOICE: &str = "ou 0 pour finir d'un commun accord";

/// The accepted `holes` in parentheses, in the prompts' one form of a list
/// ([`hole_list`]), then the `0` of the end by agreement
/// if `agreement`: « (1 2 5 à 9 12, ou 0 pour finir d'un commun accord) ».
pub fn choices(holes: impl IntoIterator<Item = u32>, agreement: bool) -> String {
    let listed = hole_list(holes);
    if agreement {
        format!("({listed}, {AGREEMENT_CHOICE})")
    } else {
        format!("({listed})")
    }
}

/// The first of a prompt's `forms` that fits [`PROMPT_COLUMNS`] columns,
/// else the last: the forms go from the most explicit to the shortest,
/// which is written to fit whatever the board.
pub fn fitting<const N: usize>(forms: [String; N]) -> String {
    let mut forms = forms.into_iter();
    let mut chosen = forms.next().unwrap_or_default();
    for shorter in forms {
        if chosen.chars().count() <= PROMPT_COLUMNS {
            break;
        }
        chosen = shorter;
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_three_or_more_are_ranges_and_everything_is_separated_by_spaces() {
        assert_eq!(hole_list(1..=12), "1 à 12");
        assert_eq!(hole_list([1, 2, 5, 6, 7, 8, 9, 12]), "1 2 5 à 9 12");
        assert_eq!(hole_list([1, 2, 4, 5, 6]), "1 2 4 à 6");
        assert_eq!(hole_list([21, 22, 24]), "21 22 24");
        assert_eq!(hole_list([3]), "3");
        assert_eq!(hole_list([]), "");
    }

    #[test]
    fn a_prompt_takes_its_first_form_within_80_columns() {
        assert_eq!(
            choices([1, 2, 5, 6, 7, 8, 9, 12], true),
            "(1 2 5 à 9 12, ou 0 pour finir d'un commun accord)"
        );
        assert_eq!(choices([7], false), "(7)");
        let wide = "x".repeat(PROMPT_COLUMNS + 1);
        let full = "é".repeat(PROMPT_COLUMNS);
        assert_eq!(
            fitting([full.clone(), "court".to_owned()]),
            full,
            "chars, not bytes"
        );
        assert_eq!(fitting([wide.clone(), "court".to_owned()]), "court");
        assert_eq!(fitting([wide.clone(), wide.clone()]), wide, "the last");
    }
}
