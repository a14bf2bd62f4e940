//! What `--list` shows of a plugin: learnt by its probe (in the child
//! process, so that listing never maps a library into the host), then
//! remembered in the cache.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use variant_api::{Description, Plugin};

use crate::util::shown::hanging;

/// What `--list` shows of a plugin, learnt by a probe.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Summary {
    /// The variant's id.
    pub(crate) id: String,
    /// The variant's title.
    pub(crate) title: String,
    /// The keys of its options.
    pub(crate) options: Vec<String>,
    /// The version of `variant-api` the plugin was built against.
    pub(crate) api_version: String,
    /// The lines of `--list --verbose` about it, but for its file.
    pub(crate) listing: String,
}

impl Summary {
    /// What `--list` shows of `plugin`.
    pub(crate) fn of(plugin: &Plugin) -> Summary {
        let description = plugin.description();
        Summary {
            id: description.id.clone(),
            title: description.title.clone(),
            options: description
                .options
                .iter()
                .map(|spec| spec.key.clone())
                .collect(),
            api_version: plugin.api_version().to_owned(),
            listing: summary_lines(description),
        }
    }
}

/// What `--list --verbose` shows of a variant, but for its file: its id,
/// version and title, its summary and its options, each within 80 columns.
fn summary_lines(d: &Description) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{} {} — {}", d.id, d.version, d.title);
    let _ = writeln!(text, "{}", hanging("    ", &d.summary, 0));
    for line in option_lines(d) {
        let _ = writeln!(text, "{}", hanging("    ", &line, 4));
    }
    text
}

/// Each option of the variant, a line: `--set KEY=VALUES (par défaut D) : help`.
pub(crate) fn option_lines(d: &Description) -> Vec<String> {
    d.options
        .iter()
        .map(|spec| {
            format!(
                "--set {}={} (par défaut {}) : {}",
                spec.key,
                spec.values.describe(),
                spec.default,
                spec.help
            )
        })
        .collect()
}
