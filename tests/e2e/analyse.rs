//! `host --analyse FILE`: the review of a recorded game prints one line per
//! decision of the game as it stands (taken-back decisions left out), each
//! with the ranked inputs (« coups : », on a line of their own when the
//! decision's would not fit 80 columns), then one summary line per seat.

use crate::util;

#[test]
fn the_review_of_a_recorded_game_rates_each_decision_then_each_seat() {
    let folder = util::plugins_folder(&[util::library("awale")]);
    let records = util::TempDir::new();
    let record = records.path().join("game.txt");
    let record_arg = record.to_str().expect("a UTF-8 temporary path");
    let args = [
        "awale",
        "--computer",
        "nord=1",
        "--seed",
        "5",
        "--record",
        record_arg,
    ];
    let game = util::host(folder.path(), &args, "1 2 3 annuler 4 5 6 3 2 1 abandon");
    assert_eq!(game.status.code(), Some(0), "{}", util::stderr(&game));
    let text = std::fs::read_to_string(&record).expect("the record is written");
    let tokens: Vec<&str> = text
        .lines()
        .filter(|line| line.contains(". "))
        .filter_map(|line| line.split_whitespace().nth(2))
        .collect();
    let numbers = tokens.iter().filter(|t| t.parse::<u32>().is_ok()).count();
    let undos = tokens.iter().filter(|&&t| t == "annuler").count();
    assert_eq!(undos, 1, "{text}");
    // The undo took back SUD's 3 and NORD's answer.
    let decisions = numbers - 2;

    let review = util::host(
        folder.path(),
        &["--analyse", record_arg, "--think", "0.05", "--threads", "1"],
        "",
    );
    let out = util::stdout(&review);
    assert_eq!(review.status.code(), Some(0), "{}", util::stderr(&review));
    assert!(out.lines().all(|line| line.chars().count() <= 80), "{out}");
    // A decision too wide for 80 columns gives its ranked inputs a line.
    let out = out.replace(" ;\n    ", " ; ").replace(" ;\n   ", " ; ");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), decisions + 2, "{out}");
    for (number, line) in lines[..decisions].iter().enumerate() {
        let seat = if number % 2 == 0 { "SUD" } else { "NORD" };
        assert!(
            line.starts_with(&format!("{}. {seat} ", number + 1)),
            "{line}"
        );
        assert!(
            line.contains(" ; meilleur : ") && line.contains(" ; perte : "),
            "{line}"
        );
        // The ranked inputs: the best three and the one played, valued.
        let played = line.split(' ').nth(2).expect("the input played");
        let (_, ranked) = line.split_once(" ; coups : ").expect("« coups : »");
        let ranked: Vec<&str> = ranked.trim_end_matches('.').split(' ').collect();
        assert!(
            ranked.len().is_multiple_of(2) && (2..=8).contains(&ranked.len()),
            "{line}"
        );
        let inputs: Vec<&str> = ranked.iter().step_by(2).copied().collect();
        assert!(inputs.contains(&played), "{line}");
        for value in ranked.iter().skip(1).step_by(2) {
            let value = value.trim_start_matches('(').trim_end_matches(')');
            let number = value.trim_start_matches(['+', '-']).replace(',', ".");
            assert!(number.parse::<f64>().is_ok(), "{value} in {line}");
        }
    }
    assert!(
        lines[4].starts_with("5. SUD 4 "),
        "SUD's 3 was taken back: {out}"
    );
    let per_seat = decisions / 2;
    assert!(
        lines[decisions].starts_with(&format!("SUD : {per_seat} décision(s), ")),
        "{out}"
    );
    assert!(
        lines[decisions + 1].starts_with(&format!("NORD : {per_seat} décision(s), ")),
        "{out}"
    );
    assert!(lines[decisions + 1].contains(" perte moyenne : "), "{out}");
}
