//! The command line (clap derive): every option is defined here once; the
//! help, the completions and the man page are generated from it.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::commands::{self, Component, Records};
use crate::record::Format;

const AFTER_HELP: &str = "\
Input: the FILEs in order, or standard input when there is none or for '-'. Lines end in LF
or CRLF (the CR is not part of the line), or in NUL with -0; a UTF-8 byte order mark at the
start of a file is skipped; every line, also an empty one or one that is not UTF-8, gives
exactly one record (check and security: only lines with something to report), in input
order, also with --threads. No limit on line length. With --column NAME the lines are the
values of that column of Parquet or CSV files (a CSV header row names the columns; a null
Parquet value is an empty line; line numbers are row numbers).

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
    /// Process chunks of lines on N threads (0: all cores); output keeps input order
    #[arg(short = 'j', long, global = true, default_value_t = 1, value_name = "N")]
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

/// The `Fields:` section of a command's help, from its column list.
fn fields(cols: &[&str]) -> String {
    format!(
        "Fields (for --fields; by default all but file, unless -H or several FILEs, and input, \
         unless --echo):\n  {}\n\nSee 'uriscan --help' for the input rules, the output formats and the exit status.",
        cols.join(", ")
    )
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

/// What `resolve` reads: URI references or IRI references.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ResolveGrammar {
    Rfc3986,
    /// IRI references (RFC 3987); results are mapped to URIs unless --iri
    Rfc3987,
}

/// The canonicalization profiles of `canon`, from the crawl crate's list.
fn profiles() -> impl clap::builder::TypedValueParser<Value = uriscan_crawl::Profile> {
    use clap::builder::TypedValueParser;
    let values = uriscan_crawl::Profile::ALL.map(|p| PossibleValue::new(p.name()).help(p.about()));
    PossibleValuesParser::new(values).map(|s| s.parse().unwrap_or(uriscan_crawl::Profile::Rfc3986))
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// The components of every line (errors for invalid lines)
    #[command(after_help = fields(commands::ParseJob::COLUMNS))]
    Parse {
        /// Components for invalid lines too (the Appendix B split, then userinfo, host and
        /// port), and every violation of the grammar: adds the fields violation_count and
        /// violations (INDEX:KIND items joined by ',')
        #[arg(long)]
        lenient: bool,
        #[command(flatten)]
        syntax: SyntaxArgs,
        #[command(flatten)]
        input: Input,
    },
    /// The RFC 3986 Appendix B split of every line (no validation)
    #[command(after_help = fields(commands::SplitJob::COLUMNS))]
    Split {
        #[command(flatten)]
        input: Input,
    },
    /// Resolve every line against --base, or BASE<TAB>REFERENCE lines (--pairs) (section 5.2)
    #[command(after_help = fields(commands::ResolveJob::COLUMNS))]
    Resolve {
        /// The base URI (must parse and have a scheme)
        #[arg(short, long, value_name = "URI", required_unless_present = "pairs", conflicts_with = "pairs")]
        base: Option<String>,
        /// Lines are BASE<TAB>REFERENCE
        #[arg(long)]
        pairs: bool,
        /// The backward-compatible mode of section 5.2.2 (http:g is like g)
        #[arg(long)]
        non_strict: bool,
        /// What base and references are parsed as
        #[arg(long, value_enum, default_value_t = ResolveGrammar::Rfc3986)]
        grammar: ResolveGrammar,
        /// With --grammar rfc3987: write IRIs, not their URI mapping (RFC 3987 section 3.1)
        #[arg(long)]
        iri: bool,
        #[command(flatten)]
        input: Input,
    },
    /// The shortest reference that resolves against --base to each line, or BASE<TAB>TARGET lines (--pairs) (the inverse of section 5.2)
    #[command(after_help = fields(commands::ResolveJob::COLUMNS))]
    Relativize {
        /// The base URI (must parse and have a scheme)
        #[arg(short, long, value_name = "URI", required_unless_present = "pairs", conflicts_with = "pairs")]
        base: Option<String>,
        /// Lines are BASE<TAB>TARGET
        #[arg(long)]
        pairs: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Syntax-based (and --scheme-based) normalization (sections 6.2.2, 6.2.3)
    #[command(after_help = fields(commands::NormalizeJob::COLUMNS))]
    Normalize {
        /// Also scheme-based normalization (default port, empty path)
        #[arg(long)]
        scheme_based: bool,
        /// Write the comparison key only (text by default): 'normalize --key | sort -u' dedups
        #[arg(long)]
        key: bool,
        /// The RFC 3986 rule lines must match
        #[arg(long, ignore_case = true, value_parser = rule_names(uriscan::Grammar::Rfc3986.syntaxes()))]
        rule: Option<String>,
        #[command(flatten)]
        input: Input,
    },
    /// Report invalid lines like a compiler (FILE:LINE:COL: message); exit 1 if any
    #[command(after_help = fields(commands::CheckJob::COLUMNS))]
    Check {
        /// Also report valid hosts that resolvers may read as an IPv4 address (section 7.4)
        #[arg(long)]
        strict_hosts: bool,
        /// Write nothing: the exit status only
        #[arg(short, long)]
        quiet: bool,
        /// Report every violation of a line, not only the first
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        syntax: SyntaxArgs,
        #[command(flatten)]
        input: Input,
    },
    /// Counts of valid/invalid lines, error kinds, top schemes, hosts, ports and domains
    #[command(after_help = fields(commands::STATS_COLUMNS))]
    Stats {
        /// How many schemes, hosts, ports and registrable domains to list
        #[arg(long, default_value_t = 10, value_name = "N")]
        top: usize,
        #[command(flatten)]
        syntax: SyntaxArgs,
        #[command(flatten)]
        input: Input,
    },
    /// URIs found in free text (Appendix C): LINE:COL<TAB>URI
    #[command(after_help = fields(commands::ExtractJob::COLUMNS))]
    Extract {
        /// Only URIs with this scheme (repeatable; case-insensitive)
        #[arg(long = "scheme", value_name = "SCHEME")]
        schemes: Vec<String>,
        /// Also candidates the strict parser rejects (with their error)
        #[arg(long)]
        invalid: bool,
        /// Find IRIs (RFC 3987): non-ASCII letters do not end a URI
        #[arg(long)]
        iri: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Percent-encode every line (section 2.1) with a component's set of allowed bytes
    #[command(after_help = fields(commands::EncodeJob::COLUMNS))]
    Encode {
        /// The component whose characters stay as they are
        #[arg(short, long, value_enum, default_value_t = Component::Segment)]
        component: Component,
        /// application/x-www-form-urlencoded: only unreserved bytes stay, space is '+'
        #[arg(long, conflicts_with = "component")]
        form: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Percent-decode every line (section 2.4); a malformed '%' is an error
    #[command(after_help = fields(commands::DecodeJob::COLUMNS))]
    Decode {
        /// application/x-www-form-urlencoded: '+' is a space; a malformed '%' stays
        #[arg(long)]
        form: bool,
        #[command(flatten)]
        input: Input,
    },
    /// The security findings of section 7 (7.3 to 7.6), one record each
    #[command(after_help = fields(commands::SecurityJob::COLUMNS))]
    Security {
        #[command(flatten)]
        input: Input,
    },
    /// Map every IRI reference to a URI reference (RFC 3987 section 3.1)
    ///
    /// Lines are parsed as RFC 3987 IRI references; an invalid line (also one that is not
    /// UTF-8) has no result and the parse error's fields. The text format writes the result
    /// only (an empty line for an invalid one).
    #[command(after_help = fields(commands::IriJob::COLUMNS))]
    #[command(name = "to-uri")]
    ToUri {
        /// Convert a non-ASCII host with IDNA ToASCII (xn--) instead of percent-encoding it
        #[arg(long)]
        idna: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Map every URI reference to an IRI reference (RFC 3987 section 3.2)
    ///
    /// Percent-encoded UTF-8 that is a ucschar (an iprivate in the query) is decoded; other
    /// escapes stay. Lines are parsed as RFC 3986 URI references; an invalid line has no result
    /// and the parse error's fields.
    #[command(after_help = fields(commands::IriJob::COLUMNS))]
    #[command(name = "to-iri")]
    ToIri {
        #[command(flatten)]
        input: Input,
    },
    /// The SURT key of every line (web-archive sort order; any line gets one)
    ///
    /// As the Internet Archive's `surt` package computes it by default (uriscan-crawl's
    /// README); a line that is not a URI still gets a key.
    #[command(after_help = fields(commands::SurtJob::COLUMNS))]
    Surt {
        /// Start the key with the scheme: http://(org,example,)/
        #[arg(long)]
        with_scheme: bool,
        /// Keep a leading www, www2, ... label (dropped by default)
        #[arg(long)]
        keep_www: bool,
        /// Write ',' after the last host label
        #[arg(long)]
        trailing_comma: bool,
        /// Reverse dotted-quad IPv4 hosts like names (the default)
        #[arg(long, overrides_with = "no_reverse_ipaddr")]
        reverse_ipaddr: bool,
        /// Keep IPv4 hosts in their order: 127.0.0.1)/
        #[arg(long, overrides_with = "reverse_ipaddr")]
        no_reverse_ipaddr: bool,
        #[command(flatten)]
        input: Input,
    },
    /// The canonical form of every line under a profile (rfc3986, archive, safe-browsing)
    #[command(after_help = fields(commands::CanonJob::COLUMNS))]
    Canon {
        /// The canonicalization profile
        #[arg(short, long, value_parser = profiles(), default_value = "rfc3986")]
        profile: uriscan_crawl::Profile,
        #[command(flatten)]
        input: Input,
    },
    /// Public suffix, registrable domain and subdomain of every line's host
    ///
    /// The host is the parsed reference's; for a line that does not parse (the `valid` field is
    /// false), the host of its RFC 3986 Appendix B authority (after the last '@', before a
    /// port), since crawl logs are dirty; with --hosts the line itself (`valid` is then
    /// undefined). A line without an authority has no host; a host that is not UTF-8 has no
    /// parts. The Public Suffix List is the one compiled into the `psl` crate; ICANN section
    /// only unless --private.
    #[command(after_help = fields(commands::DomainJob::COLUMNS))]
    Domain {
        /// Lines are hosts, not URIs
        #[arg(long)]
        hosts: bool,
        /// Also the Public Suffix List's private section (github.io, blogspot.com, ...)
        #[arg(long)]
        private: bool,
        #[command(flatten)]
        syntax: SyntaxArgs,
        #[command(flatten)]
        input: Input,
    },
    /// Remove query parameters (tracking ones by default), or keep only some, or sort them
    #[command(after_help = fields(commands::StripParamsJob::COLUMNS))]
    #[command(name = "strip-params")]
    StripParams {
        /// Also remove this parameter (repeatable, comma-separated; ASCII case-insensitive)
        #[arg(long, value_delimiter = ',', value_name = "NAME")]
        remove: Vec<String>,
        /// Also remove parameters whose name starts with this (repeatable, comma-separated)
        #[arg(long, value_delimiter = ',', value_name = "PREFIX")]
        remove_prefix: Vec<String>,
        /// Do not remove the default tracking parameters (utm_*, fbclid, gclid, ...)
        #[arg(long)]
        no_tracking: bool,
        /// Keep only these parameters (repeatable, comma-separated); removes every other one
        #[arg(long, value_delimiter = ',', value_name = "NAME", conflicts_with_all = ["remove", "remove_prefix", "no_tracking"])]
        keep_only: Vec<String>,
        /// Sort the remaining parameters by decoded name (stable)
        #[arg(long)]
        sort: bool,
        #[command(flatten)]
        input: Input,
    },
    /// One function of the URL function set (ClickHouse's names, extras, Spark's, uri_cc_index) on every line
    ///
    /// 'uriscan fn NAME FILE' writes NAME(line) for every line: 'uriscan fn domain urls.txt',
    /// 'uriscan fn extractURLParameter --arg q urls.txt', 'uriscan fn uri_cc_index -f tsv
    /// --fields url_host_name,url_host_tld urls.txt'. Strings and numbers are written as text
    /// by default, lists and the cc-index columns as JSON Lines.
    #[command(after_help = crate::functions::help())]
    #[command(name = "fn")]
    Fn {
        /// The function (see --list; ASCII case-insensitive)
        #[arg(value_name = "NAME", required_unless_present = "list")]
        name: Option<String>,
        /// An argument after the URL (repeatable, in order)
        #[arg(short, long = "arg", value_name = "VALUE", allow_hyphen_values = true)]
        args: Vec<String>,
        /// Print every function with its arguments and result type
        #[arg(long)]
        list: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Print a shell completion script
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff)
    Man,
}

impl Cmd {
    /// The inputs of a command that reads any.
    pub fn files(&self) -> &[String] {
        match self {
            Cmd::Parse { input, .. }
            | Cmd::Split { input }
            | Cmd::Resolve { input, .. }
            | Cmd::Relativize { input, .. }
            | Cmd::Normalize { input, .. }
            | Cmd::Check { input, .. }
            | Cmd::Stats { input, .. }
            | Cmd::Extract { input, .. }
            | Cmd::Encode { input, .. }
            | Cmd::Decode { input, .. }
            | Cmd::Security { input }
            | Cmd::ToUri { input, .. }
            | Cmd::ToIri { input }
            | Cmd::Surt { input, .. }
            | Cmd::Canon { input, .. }
            | Cmd::Domain { input, .. }
            | Cmd::StripParams { input, .. }
            | Cmd::Fn { input, .. } => &input.files,
            Cmd::Completions { .. } | Cmd::Man => &[],
        }
    }
}
