//! The console protocol's one form of a list of holes (SPEC §3), shared by
//! every prompt that lists them: the host's own and the plugins'.

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
}
