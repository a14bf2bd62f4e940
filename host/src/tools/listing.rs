//! What `host --list` and `host VARIANT --help` print about variants.

use std::fmt::Write as _;

use crate::loading::discovery::{Found, Installed};
use crate::loading::summary::option_lines;
use crate::util::shown::shown_path;

/// One block per variant found: id, version, title, summary, options, file.
pub(crate) fn list(found: &[Found]) -> String {
    let mut text = String::new();
    for variant in found {
        let summary = &variant.summary;
        text.push_str(&summary.listing);
        let _ = writeln!(
            text,
            "    file: {} (variant-api {})",
            shown_path(&variant.file),
            summary.api_version
        );
    }
    text
}

/// The help of one variant: how to play it, its options and its rules.
pub(crate) fn variant_help(variant: &Installed) -> String {
    let d = variant.plugin.description();
    let mut text = String::new();
    let _ = writeln!(text, "{} ({} {})", d.title, d.id, d.version);
    let _ = writeln!(text, "{}", d.summary);
    let _ = writeln!(text);
    let seats: Vec<String> = d.players.iter().map(|name| name.to_lowercase()).collect();
    let _ = writeln!(
        text,
        "Usage: {} {} [--first {}|hasard] [--set KEY=VALUE]... [--computer SEAT[=1..4]]...",
        crate::cli::program::name(),
        d.id,
        seats.join("|")
    );
    let _ = writeln!(text);
    let _ = writeln!(text, "Options:");
    let lines = option_lines(d);
    if lines.is_empty() {
        let _ = writeln!(text, "  (none)");
    }
    for line in lines {
        let _ = writeln!(text, "  {line}");
    }
    let _ = writeln!(
        text,
        "\nEntering 0 (both players agree the game is over): {}",
        if d.agreement_ends_game {
            "ends the game"
        } else {
            "refused by this variant"
        }
    );
    let _ = writeln!(text, "Plugin file: {}", shown_path(&variant.file));
    let _ = writeln!(text, "\n{}", d.rules);
    text
}
