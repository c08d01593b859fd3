//! The command line (clap derive): the options every command has
//! ([`Common`]), the argument groups several commands share ([`Input`],
//! [`SyntaxArgs`]), and the list of commands ([`Cmd`], whose arguments each
//! command declares in its own file under `commands/`). Every option is
//! defined once; the help, the completions and the man page are generated
//! from them.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, CommandFactory, Parser};

use crate::commands::Cmd;
use crate::record::Format;

const AFTER_HELP: &str = "\
Input: the FILEs in order, or standard input when there is none or for '-'. Lines end in LF
or CRLF (the CR is not part of the line), or in NUL with -0; a UTF-8 byte order mark at the
start of a file is skipped; every line, also an empty one or one that is not UTF-8, gives
exactly one record (check and security: only lines with something to report), in input
order, also with --threads. No limit on line length. A Parquet file is refused unless read
with --column NAME: then the lines are the values of that column of Parquet or CSV files,
one per row (a CSV header row names the columns; a null Parquet value, an empty field and
a blank CSV row are empty lines; line numbers are row numbers; a CSV row with more or fewer
fields than the header row, or a quote left open, is an error naming the row). A Parquet
file that cannot seek (a pipe, <(...), standard input) is read into memory.

Output (lossless in jsonl and tsv for any input bytes):
  jsonl  one JSON object per record; text is a plain JSON string, so any JSON reader
         decodes it to the input; bytes that are not UTF-8 are {\"bytes\":\"<base64>\"}
         in place of the string (ripgrep's convention)
  tsv    a header line, then TAB-separated fields with PostgreSQL COPY text escapes:
         \\\\ \\t \\n \\r, \\xHH for other control bytes, DEL and non-UTF-8 bytes, \\N alone
         for undefined; COPY t FROM 'f' (FORMAT text, HEADER true) reads it back
  csv    RFC 4180 with a header line; bytes as they are; undefined is an empty field
  text   the command's plain layout, or the --fields joined by TAB (not escaped)
  parquet  typed, nullable columns (text Utf8, numbers UInt64, ports UInt16, valid Boolean,
         lists List<Utf8>), Snappy; to -o FILE or a pipe; bytes that are not UTF-8 become
         U+FFFD (counted in a warning)
A list value (fn URLHierarchy, ...) is a JSON array, in TSV and CSV a PostgreSQL array
literal {\"a\",\"b\"}, in text its items joined by a space.
--fields a,b,c selects and orders the fields in every format ('uriscan CMD --help' lists
them). With -0 every record (and header) ends in NUL instead of LF.

Exit status: 0 on success; 1 from check when a line is invalid; 2 on a usage error or when
an input could not be opened or read (it is named on stderr; the other inputs are still
read); 3 when the output could not be written (disk full, ...; named on stderr). When stdout
is closed early (uriscan parse big.txt | head) uriscan stops quietly with the status it had.

Examples:
  uriscan parse sample/urls.txt
  uriscan parse -f tsv --fields host,path sample/urls.txt
  uriscan check access-urls.txt && echo all valid
  uriscan to-uri -f text iris.txt > uris.txt
  uriscan surt crawl.txt | sort -u
  uriscan domain -f tsv -F host,registrable_domain crawl.txt
  uriscan fn extractURLParameter --arg q urls.txt
  uriscan parse --column url -f parquet -o parsed.parquet urls.parquet";

/// The most worker threads `-j` takes (a larger number is a usage error:
/// past the cores, more threads only cost memory).
pub const MAX_THREADS: usize = 1024;

/// uriscan: RFC 3986 URI references, one per line, for log and crawl pipelines
#[derive(Debug, Parser)]
#[command(name = "uriscan", version, about, after_help = AFTER_HELP, max_term_width = 100)]
#[command(propagate_version = true, subcommand_required = true, arg_required_else_help = true)]
pub struct Cli {
    #[command(flatten)]
    pub common: Common,
    #[command(subcommand)]
    pub cmd: Cmd,
}

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

/// The clap command (its help, completions and man page).
pub fn command() -> clap::Command {
    Cli::command()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::FromArgMatches;

    /// clap's own checks of the whole command line (names, conflicts,
    /// requirements) over every command's arguments.
    #[test]
    fn command_line_is_consistent() {
        command().debug_assert();
    }

    /// Every command in the list is reached by its name, with its own
    /// arguments, and by nothing else.
    #[test]
    fn each_command_by_its_name() {
        let names: Vec<String> = command().get_subcommands().map(|c| c.get_name().to_string()).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for name in &names {
            let args: Vec<&str> = match name.as_str() {
                "resolve" | "relativize" => vec!["uriscan", name, "--pairs"],
                "fn" => vec!["uriscan", name, "--list"],
                "completions" => vec!["uriscan", name, "bash"],
                _ => vec!["uriscan", name],
            };
            let m = command().try_get_matches_from(&args).unwrap();
            let cli = Cli::from_arg_matches(&m).unwrap();
            let variant = format!("{:?}", cli.cmd);
            let ident: String = name.split('-').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
            assert!(variant.starts_with(&ident) || (name == "fn" && variant.starts_with("FnCmd")), "{name}: {variant}");
            assert!(<Cmd as clap::Subcommand>::has_subcommand(name));
        }
        assert!(!<Cmd as clap::Subcommand>::has_subcommand("nope"));
    }
}
