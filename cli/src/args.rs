//! The command line's shared arguments (clap derive): the options every
//! command has ([`Common`]) and the argument groups several commands share
//! ([`Input`], [`SyntaxArgs`]). The whole command line (`Cli` in `main.rs`)
//! is these and the list of commands, each of which declares its own
//! arguments in its file under `commands/`. Every option is defined once;
//! the help, the completions and the man page are generated from them.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;

use crate::record::Format;

/// The most worker threads `-j` takes (a larger number is a usage error:
/// past the cores, more threads only cost memory).
pub const MAX_THREADS: usize = 1024;

/// Options of every command; they may come before or after the command name.
#[derive(Debug, Args)]
pub struct Common {
    /// Output format [default: the command's; jsonl for most]
    #[arg(short, long, global = true, value_enum)]
    pub format: Option<Format>,
    /// Fields to write, in this order (comma-separated; see the command's help)
    #[arg(short = 'F', long, global = true, value_delimiter = ',', value_name = "A,B,...")]
    pub fields: Option<Vec<String>>,
    /// Add the input line to each record (the `input` field)
    #[arg(long, global = true)]
    pub echo: bool,
    /// Lines and records end in NUL instead of LF
    #[arg(short = '0', long = "null", global = true)]
    pub null: bool,
    /// Process chunks of lines on N threads (0: all cores; at most 1024); output keeps input order
    #[arg(short = 'j', long, global = true, default_value_t = 1, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_THREADS as u64))]
    pub threads: usize,
    /// Add the file name to each record (on by default for several FILEs; stdin is <stdin>)
    #[arg(short = 'H', long, global = true)]
    pub with_filename: bool,
    /// Never draw the progress bar (drawn on stderr only when it is a terminal, the input is
    /// large and stdout is not that terminal)
    #[arg(long, global = true)]
    pub no_progress: bool,
    /// Read the URLs from this column of Parquet or CSV files (with a header row) instead of
    /// lines; a file is Parquet when its name ends in .parquet or it starts with PAR1
    #[arg(long, global = true, value_name = "NAME")]
    pub column: Option<String>,
    /// Write the records to this file instead of standard output
    #[arg(short, long, global = true, value_name = "FILE")]
    pub output: Option<String>,
}

/// Input files.
#[derive(Debug, Args)]
pub struct Input {
    /// Input files ('-' or none: standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}

/// What a line is parsed as: a grammar of the library's registry and one
/// of its entry rules, named as `uriscan::Grammar` and `uriscan::Syntax`
/// name them (the possible values come from the registry).
#[derive(Debug, Args)]
pub struct SyntaxArgs {
    /// The entry rule lines must match (of --grammar; default: its reference rule)
    #[arg(long, ignore_case = true, value_parser = rule_names(uriscan::Syntax::ALL))]
    pub rule: Option<String>,
    /// The grammar lines are judged by [default: rfc3986]
    #[arg(long, ignore_case = true, value_parser = grammar_names())]
    pub grammar: Option<String>,
}

impl SyntaxArgs {
    /// The syntax `--grammar` and `--rule` name together.
    pub fn syntax(&self) -> Result<uriscan::Syntax, String> {
        let grammar = match &self.grammar {
            Some(g) => g.parse::<uriscan::Grammar>().map_err(|e| e.to_string())?,
            None => uriscan::Grammar::default(),
        };
        syntax_of(grammar, self.rule.as_deref())
    }
}

/// The syntax of `grammar` with entry rule `rule` (its reference rule when `None`).
pub fn syntax_of(grammar: uriscan::Grammar, rule: Option<&str>) -> Result<uriscan::Syntax, String> {
    let Some(rule) = rule else { return Ok(grammar.reference()) };
    let found = grammar.syntaxes().iter().find(|x| x.rule().eq_ignore_ascii_case(rule));
    found.copied().ok_or_else(|| {
        let rules: Vec<&str> = grammar.syntaxes().iter().map(|x| x.rule()).collect();
        format!("--rule {rule} is not a rule of --grammar {grammar} (its rules: {})", rules.join(", "))
    })
}

/// The grammars' names, from the registry.
fn grammar_names() -> PossibleValuesParser {
    PossibleValuesParser::new(uriscan::Grammar::ALL.iter().map(|g| PossibleValue::new(g.name())))
}

/// The entry rules of `syntaxes`, from the registry (each rule once).
pub fn rule_names(syntaxes: &[uriscan::Syntax]) -> PossibleValuesParser {
    let mut rules: Vec<&'static str> = Vec::new();
    for x in syntaxes {
        if !rules.iter().any(|r| r.eq_ignore_ascii_case(x.rule())) {
            rules.push(x.rule());
        }
    }
    PossibleValuesParser::new(rules.into_iter().map(PossibleValue::new))
}
