//! The registry of grammars, checked: every grammar of the build list with
//! its name, title, entries and types, the names unique. What the registry
//! file (`registry.rs` in `OUT_DIR`) declares is printed from this
//! ([`crate::print::registry`]).

use crate::abnf::Grammar;
use crate::builds::{Build, Role, URI_CAPTURE_SLOTS};
use crate::tags::Tags;

/// What the registry needs of one grammar, read from its tags file and ABNF.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The `grammar` line: the variant name and its title.
    pub name: Option<(String, String)>,
    /// Per entry rule: the variant name, the rule, the rule's ABNF.
    pub entries: Vec<(String, String, String)>,
    /// The context and mark types of the `types` line.
    pub types: (String, String),
}

impl Entry {
    /// The registry's view of a loaded grammar.
    pub fn new(tags: &Tags, g: &Grammar) -> Entry {
        let entries = tags
            .entries
            .iter()
            .map(|(name, rule)| {
                let text = g.rule(rule).map(|r| r.expr.to_string()).unwrap_or_default();
                (name.clone(), rule.clone(), text)
            })
            .collect();
        Entry { name: tags.grammar.clone(), entries, types: (tags.context_type.clone(), tags.mark_type.clone()) }
    }
}

/// One grammar of the registry, checked.
#[derive(Clone, Debug)]
pub struct Item {
    /// Its tags file in `grammar/`.
    pub tags: String,
    /// The stem of its generated files and its module's name.
    pub stem: String,
    /// Its `Grammar` variant.
    pub variant: String,
    /// Its one-line title.
    pub title: String,
    /// What it is for.
    pub role: Role,
    /// The cargo feature it needs, if any.
    pub feature: Option<String>,
    /// Per entry: the `Syntax` variant, the rule, the rule's ABNF.
    pub entries: Vec<(String, String, String)>,
    /// The context and mark types of its tags file.
    pub types: (String, String),
}

/// The grammars of the registry, in the build list's order (the first URI
/// syntax is the default grammar, its first entry the default syntax).
#[derive(Clone, Debug)]
pub struct Registry {
    /// Every grammar.
    pub items: Vec<Item>,
    /// The capture slots every URI syntax shares.
    pub capture_slots: Vec<String>,
}

impl Registry {
    /// Checks the list: every grammar named, grammar names and the entry
    /// names of URI syntaxes unique. Errors name the tags files.
    pub fn new(list: &[(Build, Entry)]) -> Result<Registry, Vec<String>> {
        let mut errors = Vec::new();
        let mut items: Vec<Item> = Vec::new();
        for (build, entry) in list {
            let Some((variant, title)) = &entry.name else {
                errors.push(format!("grammar/{}: no 'grammar NAME TITLE' line", build.tags));
                continue;
            };
            if items.iter().any(|i| i.variant == *variant) {
                errors.push(format!("grammar/{}: grammar name '{}' is used twice", build.tags, variant));
            }
            items.push(Item {
                tags: build.tags.to_string(),
                stem: build.stem(),
                variant: variant.clone(),
                title: title.clone(),
                role: build.role,
                feature: build.feature.map(str::to_string),
                entries: entry.entries.clone(),
                types: entry.types.clone(),
            });
        }
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for i in items.iter().filter(|i| i.role == Role::Syntax) {
            for (name, _, _) in &i.entries {
                if let Some((_, other)) = seen.iter().find(|(n, _)| n == name) {
                    errors.push(format!(
                        "grammar/{}: entry '{}' is an entry of grammar/{} too (entry names name syntaxes: they must be unique)",
                        i.tags, name, other
                    ));
                }
                seen.push((name, &i.tags));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Registry { items, capture_slots: URI_CAPTURE_SLOTS.iter().map(|s| s.to_string()).collect() })
    }

    /// The URI syntaxes, in order.
    pub fn syntaxes(&self) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(|i| i.role == Role::Syntax)
    }
}
