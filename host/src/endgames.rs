//! `host VARIANT --endgames [SEEDS]`: builds the variant's endgame tables
//! into the user's cache folder, where its level 4 and reviews read them,
//! with a progress bar on standard error when it is a terminal; then prints
//! what the tables hold and their file (issue 18).

use std::sync::OnceLock;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::Cli;
use crate::discovery::Installed;
use crate::failure::{plugin_failure, print, usage, Failure};
use crate::record::shown;

/// The bar the plugin's progress calls move: the progress function crosses
/// the library boundary as a plain function, with no context of its own.
static BAR: OnceLock<ProgressBar> = OnceLock::new();

extern "C" fn advanced(done: u64, all: u64) {
    if let Some(bar) = BAR.get() {
        bar.set_length(all);
        bar.set_position(done);
    }
}

/// Builds the tables of `variant` with the options of `cli` up to `seeds` seeds.
pub(crate) fn run(cli: &Cli, variant: &Installed, seeds: u32) -> Result<(), Failure> {
    let id = &variant.plugin.description().id;
    let bar = BAR.get_or_init(|| {
        let bar = ProgressBar::new(1).with_message(format!("{id}: endgame tables"));
        if let Ok(style) =
            ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {percent}%")
        {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(500));
        bar
    });
    let built = variant
        .plugin
        .build_endgames(&cli.settings, seeds, advanced);
    bar.finish_and_clear();
    match built {
        Ok(Some(report)) => {
            let report: Vec<String> = report.lines().map(shown).collect();
            print(&format!("{}\n", report.join("\n")))
        }
        Ok(None) => Err(usage(format!("{id} has no endgame tables"))),
        Err(error) => Err(plugin_failure(id, error, "build its endgame tables")),
    }
}
