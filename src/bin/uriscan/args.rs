//! Command-line parsing and the `--help` texts (hand-written: no dependency).

use crate::run::Syntax;
use uriscan::{Grammar, Rule};

/// The subcommands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Parse,
    Split,
    Resolve,
    Normalize,
    Check,
    Stats,
    Extract,
}

impl Command {
    fn from_name(s: &str) -> Option<Command> {
        Some(match s {
            "parse" => Command::Parse,
            "split" => Command::Split,
            "resolve" => Command::Resolve,
            "normalize" => Command::Normalize,
            "check" => Command::Check,
            "stats" => Command::Stats,
            "extract" => Command::Extract,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Command::Parse => "parse",
            Command::Split => "split",
            Command::Resolve => "resolve",
            Command::Normalize => "normalize",
            Command::Check => "check",
            Command::Stats => "stats",
            Command::Extract => "extract",
        }
    }

    /// Whether the command writes one record per input line as it goes
    /// (the progress bar then stays off when stdout is the terminal too).
    pub fn streams(self) -> bool {
        self != Command::Stats
    }

    fn help(self) -> &'static str {
        match self {
            Command::Parse => HELP_PARSE,
            Command::Split => HELP_SPLIT,
            Command::Resolve => HELP_RESOLVE,
            Command::Normalize => HELP_NORMALIZE,
            Command::Check => HELP_CHECK,
            Command::Stats => HELP_STATS,
            Command::Extract => HELP_EXTRACT,
        }
    }

    fn formats(self) -> &'static [Format] {
        match self {
            Command::Parse | Command::Split => &[Format::Jsonl, Format::Tsv],
            Command::Resolve | Command::Normalize => &[Format::Jsonl, Format::Tsv, Format::Text],
            Command::Check | Command::Stats => &[],
            Command::Extract => &[Format::Text, Format::Jsonl],
        }
    }
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Jsonl,
    Tsv,
    Text,
}

/// Everything the command line says.
#[derive(Debug)]
pub struct Opts {
    pub cmd: Command,
    /// Input operands; empty means standard input. `-` is standard input.
    pub files: Vec<String>,
    pub format: Format,
    /// `--format` was given.
    pub format_given: bool,
    pub rule: Syntax,
    pub echo: bool,
    /// Worker threads; 1 processes on the main thread.
    pub threads: usize,
    pub with_filename: bool,
    pub progress: bool,
    // resolve
    pub base: Option<String>,
    pub pairs: bool,
    pub non_strict: bool,
    // normalize
    pub scheme_based: bool,
    pub key: bool,
    // stats
    pub top: usize,
    // check
    pub strict_hosts: bool,
    // extract
    pub schemes: Vec<String>,
    pub invalid: bool,
}

/// What `main` should do.
pub enum Action {
    Run(Opts),
    /// Print this text to stdout and exit 0.
    Print(String),
}

/// A usage error message (exit status 2).
pub struct Usage(pub String);

fn rule_from(s: &str) -> Option<Rule> {
    Some(match s {
        "uri-reference" => Rule::UriReference,
        "uri" => Rule::Uri,
        "absolute-uri" => Rule::AbsoluteUri,
        "relative-ref" => Rule::RelativeRef,
        _ => return None,
    })
}

fn format_from(s: &str) -> Option<Format> {
    Some(match s {
        "jsonl" | "json" => Format::Jsonl,
        "tsv" => Format::Tsv,
        "text" => Format::Text,
        _ => return None,
    })
}

/// Parses `args` (without the program name).
pub fn parse_args(args: Vec<String>) -> Result<Action, Usage> {
    let mut it = args.into_iter();
    let first = match it.next() {
        None => return Err(Usage(format!("no command given\n\n{}", HELP_MAIN))),
        Some(a) => a,
    };
    let cmd = match first.as_str() {
        "-h" | "--help" => return Ok(Action::Print(HELP_MAIN.to_string())),
        "-V" | "--version" => return Ok(Action::Print(format!("uriscan {}\n", env!("CARGO_PKG_VERSION")))),
        "help" => {
            return match it.next() {
                None => Ok(Action::Print(HELP_MAIN.to_string())),
                Some(c) => match Command::from_name(&c) {
                    Some(c) => Ok(Action::Print(full_help(c))),
                    None => Err(Usage(format!("unknown command '{c}' (try 'uriscan --help')"))),
                },
            }
        }
        s => match Command::from_name(s) {
            Some(c) => c,
            None => return Err(Usage(format!("unknown command '{s}' (try 'uriscan --help')"))),
        },
    };
    let mut o = Opts {
        cmd,
        files: Vec::new(),
        format: Format::Jsonl,
        format_given: false,
        rule: Syntax::Rule(Rule::UriReference),
        echo: false,
        threads: 1,
        with_filename: false,
        progress: true,
        base: None,
        pairs: false,
        non_strict: false,
        scheme_based: false,
        key: false,
        top: 10,
        strict_hosts: false,
        schemes: Vec::new(),
        invalid: false,
    };
    if cmd == Command::Stats {
        o.format = Format::Text;
    }
    let mut only_files = false;
    while let Some(arg) = it.next() {
        if only_files || arg == "-" || !arg.starts_with('-') {
            o.files.push(arg);
            continue;
        }
        if arg == "--" {
            only_files = true;
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |what: &str| -> Result<String, Usage> {
            match inline.clone().or_else(|| it.next()) {
                Some(v) => Ok(v),
                None => Err(Usage(format!("{name} needs a value ({what})"))),
            }
        };
        let applies = |ok: bool| -> Result<(), Usage> {
            if ok {
                Ok(())
            } else {
                Err(Usage(format!(
                    "option {name} does not apply to '{}' (try 'uriscan {} --help')",
                    cmd.name(),
                    cmd.name()
                )))
            }
        };
        match name.as_str() {
            "-h" | "--help" => return Ok(Action::Print(full_help(cmd))),
            "--format" | "-f" => {
                applies(!cmd.formats().is_empty())?;
                let v = value("jsonl, tsv or text")?;
                match format_from(&v) {
                    Some(f) if cmd.formats().contains(&f) => {
                        o.format = f;
                        o.format_given = true;
                    }
                    _ => {
                        let names: Vec<&str> = cmd
                            .formats()
                            .iter()
                            .map(|f| match f {
                                Format::Jsonl => "jsonl",
                                Format::Tsv => "tsv",
                                Format::Text => "text",
                            })
                            .collect();
                        return Err(Usage(format!(
                            "unknown format '{v}' for {} (one of: {})",
                            cmd.name(),
                            names.join(", ")
                        )));
                    }
                }
            }
            "--rule" => {
                applies(matches!(cmd, Command::Parse | Command::Check | Command::Stats | Command::Normalize))?;
                let v = value("uri, uri-reference, absolute-uri or relative-ref")?;
                if let Syntax::Grammar(g) = o.rule {
                    return Err(Usage(format!("--rule applies to RFC 3986 only, not with --grammar {}", g.name())));
                }
                o.rule = Syntax::Rule(rule_from(&v).ok_or_else(|| {
                    Usage(format!("unknown rule '{v}' (one of: uri-reference, uri, absolute-uri, relative-ref)"))
                })?);
            }
            "--grammar" => {
                applies(matches!(cmd, Command::Parse | Command::Check | Command::Stats))?;
                let v = value("rfc3986, rfc2396 or rfc1630")?;
                let g = Grammar::from_name(&v)
                    .ok_or_else(|| Usage(format!("unknown grammar '{v}' (one of: rfc3986, rfc2396, rfc1630)")))?;
                match (o.rule, g) {
                    (_, Grammar::Rfc3986) => {}
                    (Syntax::Rule(Rule::UriReference), _) => o.rule = Syntax::Grammar(g),
                    _ => return Err(Usage(format!("--grammar {} cannot be combined with --rule", g.name()))),
                }
            }
            "--echo" => {
                applies(matches!(cmd, Command::Parse | Command::Split | Command::Resolve | Command::Normalize))?;
                o.echo = true;
            }
            "--threads" | "-j" => {
                let v = value("a number; 0 for all cores")?;
                let n: usize = v.parse().map_err(|_| Usage(format!("--threads: '{v}' is not a number")))?;
                o.threads = if n == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { n };
            }
            "--with-filename" | "-H" => o.with_filename = true,
            "--no-progress" => o.progress = false,
            "--base" | "-b" => {
                applies(cmd == Command::Resolve)?;
                o.base = Some(value("a URI")?);
            }
            "--pairs" => {
                applies(cmd == Command::Resolve)?;
                o.pairs = true;
            }
            "--non-strict" => {
                applies(cmd == Command::Resolve)?;
                o.non_strict = true;
            }
            "--scheme-based" => {
                applies(cmd == Command::Normalize)?;
                o.scheme_based = true;
            }
            "--key" => {
                applies(cmd == Command::Normalize)?;
                o.key = true;
            }
            "--strict-hosts" => {
                applies(cmd == Command::Check)?;
                o.strict_hosts = true;
            }
            "--scheme" => {
                applies(cmd == Command::Extract)?;
                o.schemes.push(value("a scheme, e.g. https")?);
            }
            "--invalid" => {
                applies(cmd == Command::Extract)?;
                o.invalid = true;
            }
            "--top" => {
                applies(cmd == Command::Stats)?;
                let v = value("a number")?;
                o.top = v.parse().map_err(|_| Usage(format!("--top: '{v}' is not a number")))?;
            }
            _ => return Err(Usage(format!("unknown option '{name}' (try 'uriscan {} --help')", cmd.name()))),
        }
    }
    if cmd == Command::Resolve && o.base.is_some() == o.pairs {
        return Err(Usage("resolve needs exactly one of --base URI or --pairs (try 'uriscan resolve --help')".into()));
    }
    if o.files.len() > 1 {
        o.with_filename = true;
    }
    Ok(Action::Run(o))
}

const HELP_MAIN: &str = "\
uriscan: RFC 3986 URI references, one per line, for log and crawl pipelines

Usage: uriscan <COMMAND> [OPTIONS] [FILE...]

Commands:
  parse       components of every line as JSON Lines or TSV (errors for invalid lines)
  split       the RFC 3986 Appendix B split of every line (no validation)
  resolve     resolve every line against --base URI, or base<TAB>reference lines (--pairs)
  normalize   syntax-based (and --scheme-based) normalization; --key for deduplication keys
  check       report invalid lines as FILE:LINE:COL: message; exit 1 if any
  stats       counts of valid/invalid lines, error kinds, top schemes, hosts, ports
  help CMD    the help of one command (also: uriscan CMD --help)

Input: the FILEs in order, or standard input when there is none or for '-'. Lines end in
LF or CRLF (the CR is not part of the line); a UTF-8 byte order mark at the start of a file
is skipped; every line, also an empty one or one that is not UTF-8, gives exactly one output
record, in input order (also with --threads). No limit on line length.

Common options:
  --threads N, -j N    process chunks of lines on N threads (default 1; 0 = all cores);
                       output order is always input order
  --with-filename, -H  add the file name to each record (on by default for several FILEs);
                       standard input is named <stdin>
  --no-progress        never draw the progress bar (it is drawn on stderr only when stderr
                       is a terminal, the input is large, and stdout is not that terminal)
  -h, --help           help; -V, --version

Exit status: 0 on success; 1 from 'check' when a line is invalid; 2 on a usage error or
when a file could not be opened or read (it is named on stderr; the other files are still
processed). When stdout is closed early (uriscan parse big.txt | head), uriscan stops
quietly and exits with the status it had so far (0 unless an error came first).

Example:
  uriscan parse sample/urls.txt
  uriscan check access-urls.txt && echo all valid
";

const ENCODING: &str = "\
Output encoding (lossless for any input bytes):
  JSON Lines: one object per line. Strings are JSON strings; on top of JSON escaping, a
    backslash in the input is written as two backslashes (the JSON text \"\\\\\\\\\") and a byte
    that is not part of valid UTF-8 is written as a backslash, 'x' and two upper-case hex
    digits (the JSON text \"\\\\xFF\"). So after JSON decoding: '\\\\' is one backslash, '\\xHH'
    is the byte 0xHH, everything else is itself. Valid URIs contain neither.
  TSV: a header line, then one line per record, fields separated by TAB. In fields:
    '\\\\' backslash, '\\t' TAB, '\\n' LF, '\\r' CR, '\\xHH' any other control byte, DEL or
    non-UTF-8 byte; '\\N' (alone) means undefined (JSON null); an empty field is empty.
";

const HELP_PARSE: &str = "\
uriscan parse: the components of every line

Usage: uriscan parse [OPTIONS] [FILE...]

One record per input line with the keys
  file (with several FILEs or -H), line (1-based, within its file), valid, input (--echo),
  scheme, authority, userinfo, host, host_kind (reg-name, ipv4, ipv6, ipvfuture), port,
  path, query, fragment
Undefined components are null, empty ones \"\". An invalid line has \"valid\": false,
\"error\": {\"kind\", \"index\", \"message\"} (index: 0-based byte offset of the first byte no
valid continuation allows; a non-UTF-8 or non-ASCII byte is such a byte) and the Appendix B
split of the line in scheme, authority, path, query and fragment (userinfo, host,
host_kind and port are null). TSV columns: [file] line valid [input] scheme authority
userinfo host host_kind port path query fragment error_kind error_index error_message.

Options:
  --format jsonl|tsv   output format (default jsonl)
  --rule RULE          uri-reference (default), uri, absolute-uri or relative-ref
  --grammar G          rfc3986 (default), rfc2396 or rfc1630: judge lines by that RFC's
                       reference rule (not with --rule)
  --echo               add the input line
  --threads N, -H, --no-progress   see uriscan --help

";

const HELP_SPLIT: &str = "\
uriscan split: the RFC 3986 Appendix B split of every line

Usage: uriscan split [OPTIONS] [FILE...]

Splits every line with the regular expression of RFC 3986 Appendix B
  ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?
without validating it. Keys: [file] line [input] scheme authority path query fragment
(null when the group did not match, \"\" when empty). TSV has the same columns.

Options:
  --format jsonl|tsv   output format (default jsonl)
  --echo               add the input line
  --threads N, -H, --no-progress   see uriscan --help

";

const HELP_RESOLVE: &str = "\
uriscan resolve: resolve references (RFC 3986 section 5.2)

Usage: uriscan resolve --base URI [OPTIONS] [FILE...]
       uriscan resolve --pairs [OPTIONS] [FILE...]

With --base, every line is a reference resolved against URI (which must parse and have a
scheme; otherwise exit 2). With --pairs, every line is BASE<TAB>REFERENCE. Records:
[file] line valid [input] result, and for a line that cannot be resolved \"valid\": false,
\"result\": null and \"error\": {\"in\", \"kind\", \"index\", \"message\"} where \"in\" is
\"reference\", \"base\" or \"line\" (no TAB in a --pairs line). TSV columns: [file] line
valid [input] result error_in error_kind error_index error_message. --format text writes
only the result, or an empty line when there is none.

Options:
  --base URI           the base URI
  --pairs              lines are BASE<TAB>REFERENCE
  --non-strict         the backward-compatible mode of section 5.2.2 (http:g is like g)
  --format jsonl|tsv|text   output format (default jsonl)
  --echo               add the input line
  --threads N, -H, --no-progress   see uriscan --help

";

const HELP_NORMALIZE: &str = "\
uriscan normalize: normalize references (RFC 3986 section 6.2.2, 6.2.3)

Usage: uriscan normalize [--scheme-based] [--key] [OPTIONS] [FILE...]

Syntax-based normalization: scheme and host to lower case, percent-encoding hex digits to
upper case, percent-encoded unreserved characters decoded, dot segments removed. With
--scheme-based also the scheme's default port and an empty port are dropped and an empty
path with an authority becomes '/' where the scheme says so. With --key the result is the
comparison key: two lines are equivalent exactly when their keys are equal, so
'uriscan normalize --key | sort -u' deduplicates (--key makes text the default format). Records: [file] line valid
[input] result, and \"error\": {\"kind\", \"index\", \"message\"} for an invalid line
(result null). TSV columns: [file] line valid [input] result error_kind error_index
error_message. --format text writes only the result, or an empty line for an invalid line.

Options:
  --scheme-based       also scheme-based normalization
  --key                print the comparison key
  --rule RULE          uri-reference (default), uri, absolute-uri or relative-ref
  --format jsonl|tsv|text   output format (default jsonl)
  --echo               add the input line
  --threads N, -H, --no-progress   see uriscan --help

";

const HELP_CHECK: &str = "\
uriscan check: report invalid lines like a compiler

Usage: uriscan check [OPTIONS] [FILE...]

Prints FILE:LINE:COL: message to stdout for every invalid line (LINE 1-based within the
file, COL the 1-based byte column of the first byte no valid continuation allows; the end
of the line when it ends too early; standard input is named <stdin>), then a summary to
stderr. Exit status: 0 when every line is valid, 1 when a line is invalid, 2 on a usage
error or a file that could not be read.

Options:
  --strict-hosts       also report valid hosts that resolvers may read as an IPv4 address
                       (0x7f.1, 127.1, 0177.0.0.1, 2130706433, 1.2.3.4.; RFC 3986 section 7.4)
  --rule RULE          uri-reference (default), uri, absolute-uri or relative-ref
  --grammar G          rfc3986 (default), rfc2396 or rfc1630: judge lines by that RFC's
                       reference rule (not with --rule)
  --threads N, --no-progress   see uriscan --help

Example:
  uriscan check urls.txt
  urls.txt:3:11: invalid character '\"' in path
";

const HELP_STATS: &str = "\
uriscan stats: a summary of the input

Usage: uriscan stats [OPTIONS] [FILE...]

Prints: lines, valid and invalid lines, empty lines, invalid lines by error kind, host
kinds, the most frequent schemes and hosts (compared in lower case) and explicit ports,
bytes, and lines and bytes per second.

Options:
  --top N              how many schemes, hosts and ports to list (default 10)
  --rule RULE          uri-reference (default), uri, absolute-uri or relative-ref
  --grammar G          rfc3986 (default), rfc2396 or rfc1630: judge lines by that RFC's
                       reference rule (not with --rule)
  --threads N, --no-progress   see uriscan --help

Example:
  uriscan stats --top 5 crawl.txt
";

const HELP_EXTRACT: &str = "\
uriscan extract: URIs found in free text (RFC 3986 Appendix C)

Usage: uriscan extract [OPTIONS] [FILE...]

Finds absolute URIs in log lines, mail and prose: <...> (line breaks and spaces inside are
removed), \"...\", and bare URIs ended by whitespace; a URL: prefix and sentence punctuation
after a bare URI are not part of it. Prints one line per URI: LINE:COL<TAB>URI, where LINE
and COL (1-based, COL in bytes) are where the URI starts.

Options:
  --scheme S           only URIs with this scheme (repeatable; case-insensitive)
  --invalid            also report candidates the strict parser rejects (with their error)
  --format F           text (default) or jsonl: {\"line\",\"col\",\"start\",\"end\",\"uri\",
                       \"valid\",\"delimiter\",\"error\"} (start/end: byte offsets in the file)
  -H, --with-filename  prefix FILE: (on by default for several FILEs)

Example:
  uriscan extract --scheme https --scheme http access.log
";

/// The full help of a command: its text, the encoding section for the
/// commands that write records, and an example.
pub fn full_help(cmd: Command) -> String {
    let mut s = cmd.help().to_string();
    let example = match cmd {
        Command::Parse => "Example:\n  uriscan parse --format tsv sample/urls.txt\n  echo 'http://[::1]:8080/a?b#c' | uriscan parse\n",
        Command::Split => "Example:\n  uriscan split --format tsv sample/urls.txt\n",
        Command::Resolve => "Example:\n  echo '../g?y#s' | uriscan resolve --base 'http://a/b/c/d;p?q' --format text\n  printf 'http://a/b/c\\t../d\\n' | uriscan resolve --pairs\n",
        Command::Normalize => "Example:\n  echo 'HTTP://Example.COM:80/%7euser/./a' | uriscan normalize --scheme-based --format text\n",
        Command::Check | Command::Stats | Command::Extract => return s,
    };
    s.push_str(ENCODING);
    s.push('\n');
    s.push_str(example);
    s
}
