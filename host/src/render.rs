//! Drawing any board from what the plugin reports (`SPEC.md` §3).
//!
//! Each hole takes a 5-character column: the seeds as `[%2d]`, the hole's
//! number right-aligned under the seeds' last digit. Each row's numbers are
//! printed on their own line, above or below its seeds as the layout says,
//! after a 5-character label. Trailing spaces are removed. One score line per
//! player follows, in the layout's order.

use std::fmt::Write as _;

use variant_api::{Layout, NumberSide, Player};

/// Width of the label at the start of each line.
const LABEL_WIDTH: usize = 5;

/// The board and score lines, each ending with a newline.
pub(crate) fn board(layout: &Layout, seeds: &[u32], scores: &[u32], names: &[String]) -> String {
    let mut text = String::new();
    for row in &layout.rows {
        let mut numbers = format!("{:<LABEL_WIDTH$}", row.label);
        let mut contents = " ".repeat(LABEL_WIDTH);
        for &hole in &row.holes {
            let count = hole
                .checked_sub(1)
                .and_then(|index| seeds.get(index as usize))
                .copied()
                .unwrap_or(0);
            let _ = write!(numbers, "{hole:>3}  ");
            let _ = write!(contents, "[{count:>2}] ");
        }
        let (first, second) = match row.numbers {
            NumberSide::Above => (numbers, contents),
            NumberSide::Below => (contents, numbers),
        };
        push_line(&mut text, &first);
        push_line(&mut text, &second);
    }
    for &player in &layout.score_order {
        let score = scores.get(player.index()).copied().unwrap_or(0);
        push_line(
            &mut text,
            &format!("{} a {score} bille(s).", player_name(names, player)),
        );
    }
    text
}

/// The name of `player`, or a made-up one if the plugin did not name it.
pub(crate) fn player_name(names: &[String], player: Player) -> String {
    names
        .get(player.index())
        .cloned()
        .unwrap_or_else(|| format!("JOUEUR {}", player.index() + 1))
}

fn push_line(text: &mut String, line: &str) {
    text.push_str(line.trim_end());
    text.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_api::Row;

    fn names() -> Vec<String> {
        vec!["SUD".to_owned(), "NORD".to_owned()]
    }

    /// The example of the assignment, `SPEC.md` §3, byte for byte.
    #[test]
    fn the_example_of_the_assignment() {
        let seeds = [2, 0, 1, 0, 1, 0, 0, 2, 0, 0, 1, 3];
        let text = board(&Layout::two_rows(6), &seeds, &[27, 11], &names());
        assert_eq!(
            text,
            "NORD  12   11   10    9    8    7\n\
             \x20    [ 3] [ 1] [ 0] [ 0] [ 2] [ 0]\n\
             \x20    [ 2] [ 0] [ 1] [ 0] [ 1] [ 0]\n\
             SUD    1    2    3    4    5    6\n\
             NORD a 11 bille(s).\n\
             SUD a 27 bille(s).\n"
        );
    }

    #[test]
    fn two_digit_counts_and_wider_boards_keep_the_columns() {
        let seeds: Vec<u32> = (1..=14).collect();
        let text = board(&Layout::two_rows(7), &seeds, &[0, 0], &names());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "NORD  14   13   12   11   10    9    8");
        assert_eq!(lines[1], "     [14] [13] [12] [11] [10] [ 9] [ 8]");
        assert_eq!(lines[2], "     [ 1] [ 2] [ 3] [ 4] [ 5] [ 6] [ 7]");
        assert_eq!(lines[3], "SUD    1    2    3    4    5    6    7");
    }

    #[test]
    fn rows_and_score_lines_follow_the_layout() {
        let layout = Layout {
            rows: vec![
                Row {
                    label: String::new(),
                    holes: vec![2, 1],
                    numbers: NumberSide::Above,
                },
                Row {
                    label: "EST".to_owned(),
                    holes: vec![3],
                    numbers: NumberSide::Below,
                },
            ],
            owners: vec![Player(0), Player(0), Player(2)],
            score_order: vec![Player(2), Player(0)],
        };
        let names = vec!["SUD".to_owned(), "NORD".to_owned(), "EST".to_owned()];
        let text = board(&layout, &[5, 6, 7], &[1, 0, 3], &names);
        assert_eq!(
            text,
            "       2    1\n\
             \x20    [ 6] [ 5]\n\
             \x20    [ 7]\n\
             EST    3\n\
             EST a 3 bille(s).\n\
             SUD a 1 bille(s).\n"
        );
    }
}
