//! Drawing any board from what the plugin reports (`SPEC.md` §3).
//!
//! Each hole takes a 5-character column: the seeds as `[%2d]`, the hole's
//! number right-aligned under the seeds' last digit (6 characters and
//! `[%3d]` on a wide layout; `[--]` for a hole out of play). Each row's
//! numbers are printed on their own line, above or below its seeds as the
//! layout says, after a 5-character label. Trailing spaces are removed. One
//! score line per player follows, in the layout's order, then the reserve
//! (`Réserve : 4 graine(s).`) while seeds are set aside off the board.
//!
//! Every line fits [`COLUMNS`] (`SPEC.md` §3): a board whose rows would be
//! wider (Mefuhva's 16 holes of 6 characters) is drawn in parts of equal
//! width, left part first, each part every row of its columns, labels and
//! numbers included.
//!
//! A hole the layout marks as collecting for a player (a tuzdyk, a store on
//! the board: `MarkKind::Collecting`) has its seeds drawn `(%2d)` instead
//! of `[%2d]`, in the same column; [`marks_line`] says on standard error
//! whose each one is. A mark of a kind this host does not know (a later
//! contract's) is not drawn.

use std::fmt::Write as _;

use variant_api::prompt::hole_list;
use variant_api::{Layout, MarkKind, NumberSide, Player, Row};

/// Width of the label at the start of each line.
const LABEL_WIDTH: usize = 5;

/// The widest line of a board.
pub(crate) const COLUMNS: usize = 80;

/// The board and score lines, each ending with a newline.
pub(crate) fn board(layout: &Layout, seeds: &[u32], scores: &[u32], names: &[String]) -> String {
    let mut text = String::new();
    let digits = if layout.wide { 3 } else { 2 };
    // A column is the seeds' brackets and digits, and a space.
    let column = digits + 3;
    let widest = layout
        .rows
        .iter()
        .map(|row| row.holes.len())
        .max()
        .unwrap_or(0);
    let fit = ((COLUMNS + 1 - LABEL_WIDTH) / column).max(1);
    let parts = widest.div_ceil(fit).max(1);
    let per_part = widest.div_ceil(parts).max(1);
    for part in 0..parts {
        for row in &layout.rows {
            let end = ((part + 1) * per_part).min(row.holes.len());
            let start = (part * per_part).min(end);
            draw_row(
                &mut text,
                layout,
                seeds,
                row,
                &row.holes[start..end],
                digits,
            );
        }
    }
    for &player in &layout.score_order {
        let score = scores.get(player.index()).copied().unwrap_or(0);
        push_line(
            &mut text,
            &format!("{} a {score} bille(s).", player_name(names, player)),
        );
    }
    if layout.reserve > 0 {
        push_line(
            &mut text,
            &format!("Réserve : {} graine(s).", layout.reserve),
        );
    }
    text
}

/// Draws `holes` of `row` (all of them, or a part's): the numbers' line and
/// the seeds' line, in the layout's order.
fn draw_row(
    text: &mut String,
    layout: &Layout,
    seeds: &[u32],
    row: &Row,
    holes: &[u32],
    digits: usize,
) {
    let mut numbers = format!("{:<LABEL_WIDTH$}", row.label);
    let mut contents = " ".repeat(LABEL_WIDTH);
    for &hole in holes {
        let _ = write!(numbers, "{hole:>width$}  ", width = digits + 1);
        if layout.out_of_play.contains(&hole) {
            let _ = write!(contents, "[{:>digits$}] ", "--");
        } else {
            let count = hole
                .checked_sub(1)
                .and_then(|index| seeds.get(index as usize))
                .copied()
                .unwrap_or(0);
            let (open, close) = match layout.collector(hole) {
                Some(_) => ('(', ')'),
                None => ('[', ']'),
            };
            let _ = write!(contents, "{open}{count:>digits$}{close} ");
        }
    }
    let (first, second) = match row.numbers {
        NumberSide::Above => (numbers, contents),
        NumberSide::Below => (contents, numbers),
    };
    push_line(text, &first);
    push_line(text, &second);
}

/// Who owns which holes, when a row's label cannot say it (a row of
/// several owners, drawn with an empty label, SPEC §3): « Trous : SUD 1 à 4, NORD 5
/// à 8, EST 9 à 12. », each owner's holes in runs; `None` when every row
/// has its label.
pub(crate) fn owners_line(layout: &Layout, names: &[String]) -> Option<String> {
    let owner = |hole: &u32| layout.owners.get(*hole as usize - 1).copied();
    let shared = layout.rows.iter().any(|row| {
        row.holes
            .iter()
            .any(|hole| owner(hole) != row.holes.first().and_then(owner))
    });
    if !shared {
        return None;
    }
    let mut owners: Vec<Player> = Vec::new();
    for &owner in &layout.owners {
        if !owners.contains(&owner) {
            owners.push(owner);
        }
    }
    owners.sort_by_key(|owner| owner.index());
    let described: Vec<String> = owners
        .iter()
        .map(|&owner| {
            let holes: Vec<u32> = (1..=layout.owners.len() as u32)
                .filter(|&hole| layout.owners[hole as usize - 1] == owner)
                .collect();
            format!("{} {}", player_name(names, owner), hole_list(holes))
        })
        .collect();
    Some(format!("Trous : {}.", described.join(", ")))
}

/// Whose the collecting holes are, drawn `( 3)` (SPEC §8): « Trous
/// collecteurs, entre parenthèses : 3 à NORD, 14 à SUD. », by hole
/// number; `None` when the layout marks none.
pub(crate) fn marks_line(layout: &Layout, names: &[String]) -> Option<String> {
    let mut collecting: Vec<(u32, Player)> = layout
        .marks
        .iter()
        .filter(|mark| mark.kind == MarkKind::Collecting)
        .map(|mark| (mark.hole, mark.player))
        .collect();
    if collecting.is_empty() {
        return None;
    }
    collecting.sort_unstable_by_key(|&(hole, _)| hole);
    let described: Vec<String> = collecting
        .iter()
        .map(|&(hole, player)| format!("{hole} à {}", player_name(names, player)))
        .collect();
    Some(format!(
        "Trous collecteurs, entre parenthèses : {}.",
        described.join(", ")
    ))
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
    fn rows_without_a_label_get_a_line_naming_each_owners_holes() {
        let mut layout = Layout::two_rows(6);
        assert_eq!(owners_line(&layout, &names()), None);
        assert_eq!(owners_line(&Layout::four_rows(8), &names()), None);
        for row in &mut layout.rows {
            row.label.clear();
        }
        layout.owners = [0, 0, 0, 0, 1, 1, 1, 1, 0, 2, 2, 2]
            .into_iter()
            .map(Player)
            .collect();
        let names = vec!["SUD".to_owned(), "NORD".to_owned(), "EST".to_owned()];
        assert_eq!(
            owners_line(&layout, &names).as_deref(),
            Some("Trous : SUD 1 à 4 9, NORD 5 à 8, EST 10 à 12.")
        );
    }

    #[test]
    fn a_board_wider_than_80_columns_is_drawn_in_parts_left_first() {
        let mut layout = Layout::four_rows(16);
        layout.wide = true;
        let text = board(&layout, &[2; 64], &[0, 0], &names());
        assert!(
            text.lines().all(|line| line.chars().count() <= COLUMNS),
            "{text}"
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 * 8 + 2, "{text}");
        assert_eq!(
            lines[7],
            "SUD     1     2     3     4     5     6     7     8"
        );
        assert!(lines[8].starts_with("NORD   40    39"), "{text}");
        assert_eq!(
            lines[15],
            "SUD     9    10    11    12    13    14    15    16"
        );
        // A board that fits is drawn whole, as before.
        let whole = board(&Layout::four_rows(8), &[2; 32], &[0, 0], &names());
        assert_eq!(whole.lines().count(), 8 + 2);
    }

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

    /// The 4×8 board of `SPEC.md` §3, byte for byte.
    #[test]
    fn the_four_row_board_of_the_spec() {
        let text = board(&Layout::four_rows(8), &[2; 32], &[0, 0], &names());
        assert_eq!(
            text,
            "NORD  24   23   22   21   20   19   18   17\n\
             \x20    [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2]\n\
             \x20    [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2]\n\
             \x20     25   26   27   28   29   30   31   32\n\
             \x20     16   15   14   13   12   11   10    9\n\
             \x20    [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2]\n\
             \x20    [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2] [ 2]\n\
             SUD    1    2    3    4    5    6    7    8\n\
             NORD a 0 bille(s).\n\
             SUD a 0 bille(s).\n"
        );
    }

    /// A board of 128 seeds (Mefuhva's): 6-character columns, `[%3d]`.
    #[test]
    fn a_wide_board_has_six_character_columns_for_three_digit_counts() {
        let mut layout = Layout::four_rows(8);
        layout.wide = true;
        let mut seeds = vec![0; 32];
        seeds[0] = 128;
        seeds[31] = 7;
        let text = board(&layout, &seeds, &[0, 0], &names());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "NORD   24    23    22    21    20    19    18    17"
        );
        assert_eq!(lines[2], format!("     {}[  7]", "[  0] ".repeat(7)));
        assert_eq!(
            lines[3],
            format!(
                "     {}",
                (25..=32)
                    .map(|n| format!("{n:>4}  "))
                    .collect::<String>()
                    .trim_end()
            )
        );
        assert_eq!(
            lines[6],
            format!("     [128] {}", "[  0] ".repeat(7).trim_end())
        );
        assert_eq!(
            lines[7],
            "SUD     1     2     3     4     5     6     7     8"
        );
    }

    /// Toguz Kumalak's tuzdyks: SUD's in NORD's row, NORD's in SUD's.
    #[test]
    fn a_collecting_hole_is_drawn_in_parentheses_and_named_on_a_line() {
        let mut layout = Layout::two_rows(9);
        let seeds: Vec<u32> = (1..=18).collect();
        let plain = board(&layout, &seeds, &[10, 20], &names());
        assert_eq!(marks_line(&layout, &names()), None);
        layout.mark_collecting(14, Player::SUD);
        layout.mark_collecting(3, Player::NORD);
        let marked = board(&layout, &seeds, &[10, 20], &names());
        let lines: Vec<&str> = marked.lines().collect();
        assert_eq!(lines[0], "NORD  18   17   16   15   14   13   12   11   10");
        assert_eq!(
            lines[1],
            "     [18] [17] [16] [15] (14) [13] [12] [11] [10]"
        );
        assert_eq!(
            lines[2],
            "     [ 1] [ 2] ( 3) [ 4] [ 5] [ 6] [ 7] [ 8] [ 9]"
        );
        assert_eq!(lines[3], "SUD    1    2    3    4    5    6    7    8    9");
        assert!(
            marked.lines().map(str::len).eq(plain.lines().map(str::len)),
            "the same columns:\n{plain}{marked}"
        );
        assert_eq!(
            marks_line(&layout, &names()).as_deref(),
            Some("Trous collecteurs, entre parenthèses : 3 à NORD, 14 à SUD.")
        );
        layout.marks[0].kind = MarkKind(9);
        assert_eq!(
            board(&layout, &seeds, &[10, 20], &names()).lines().nth(1),
            Some("     [18] [17] [16] [15] [14] [13] [12] [11] [10]"),
            "a later contract's mark is not drawn"
        );
    }

    /// Pallankuli's blind holes.
    #[test]
    fn a_hole_out_of_play_is_drawn_with_dashes() {
        let mut layout = Layout::two_rows(7);
        layout.out_of_play = vec![7, 8];
        let seeds = [6; 14];
        let text = board(&layout, &seeds, &[0, 0], &names());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "     [ 6] [ 6] [ 6] [ 6] [ 6] [ 6] [--]");
        assert_eq!(lines[2], "     [ 6] [ 6] [ 6] [ 6] [ 6] [ 6] [--]");
    }

    #[test]
    fn rows_and_score_lines_follow_the_layout() {
        let layout = Layout {
            rows: vec![
                Row::new("", vec![2, 1], NumberSide::Above),
                Row::new("EST", vec![3], NumberSide::Below),
            ],
            owners: vec![Player(0), Player(0), Player(2)],
            score_order: vec![Player(2), Player(0)],
            out_of_play: Vec::new(),
            wide: false,
            reserve: 0,
            marks: Vec::new(),
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
        let reserved = Layout {
            reserve: 4,
            ..layout
        };
        let text = board(&reserved, &[5, 6, 7], &[1, 0, 3], &names);
        assert!(
            text.ends_with("SUD a 1 bille(s).\nRéserve : 4 graine(s).\n"),
            "{text}"
        );
    }
}
