//! Snapshot tests: the generator's whole output for a few tiny grammars in
//! `tests/data/`, kept beside them as `NAME.dfa.rs`, `NAME.sets.rs` and
//! `NAME.regex.rs`, so that any change to what the generator emits shows up
//! as a readable diff in review.
//!
//! After an intended change, rewrite the snapshots and read the diff:
//!
//! ```sh
//! UPDATE_SNAPSHOTS=1 cargo test -p uriscan-codegen --test snapshots
//! git diff codegen/tests/data
//! ```

use std::path::{Path, PathBuf};
use uriscan_codegen::analysis::registry::Registry;
use uriscan_codegen::{generate, print, Build, Options, Role};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Compares `text` with the snapshot file `name`, or rewrites it when
/// `UPDATE_SNAPSHOTS` is set. On a difference, names the first line that
/// differs.
fn check(name: &str, text: &str) {
    let path = data().join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_SNAPSHOTS=1 to create it)", path.display()));
    if want != text {
        let line = want
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(want.lines().count().min(text.lines().count()));
        panic!(
            "{name} differs from the generator's output at line {}:\n  snapshot:  {:?}\n  generated: {:?}\n\
             (if the change is intended: UPDATE_SNAPSHOTS=1 cargo test -p uriscan-codegen --test snapshots)",
            line + 1,
            want.lines().nth(line),
            text.lines().nth(line)
        );
    }
}

fn snapshot(stem: &str, options: &Options) {
    let out = generate(&data(), &format!("{stem}.tags"), options).unwrap_or_else(|e| panic!("{}", e.join("\n")));
    check(&format!("{stem}.dfa.rs"), &out.automaton);
    check(&format!("{stem}.sets.rs"), &out.sets);
    check(&format!("{stem}.regex.rs"), &out.regexes);
}

#[test]
fn digits_grammar_matches_its_snapshot() {
    snapshot("digits", &Options::default());
}

#[test]
fn percent_grammar_matches_its_snapshot() {
    snapshot("percent", &Options::default());
}

#[test]
fn nested_marks_grammar_matches_its_snapshot() {
    snapshot("nested", &Options::default());
}

/// Capture slots: a grammar's captures in the order asked for, an absent
/// one as a slot no rule sets, and an unknown one refused.
#[test]
fn capture_slots_order_the_captures() {
    let slots = Options { capture_slots: &["value", "absent", "key"] };
    let out = generate(&data(), "digits.tags", &slots).unwrap();
    let a = &out.automaton;
    assert!(a.contains("pub const CAP_VALUE: usize = 0;"), "{a}");
    assert!(a.contains("pub const CAP_ABSENT: usize = 1;"));
    assert!(a.contains("pub const CAP_KEY: usize = 2;"));
    assert!(a.contains("pub const NCAPTURES: usize = 3;"));
    let missing = Options { capture_slots: &["value"] };
    let e = generate(&data(), "digits.tags", &missing).err().unwrap();
    assert_eq!(e, ["grammar/digits.tags: capture 'key' has no slot (slots: value)"]);
}

/// Marks are emitted outermost first, whatever the tags file's order, and
/// the reference runner sets both nested marks on `[12]`.
#[test]
fn nested_marks_come_outermost_first() {
    let l = uriscan_codegen::load(&data(), "nested.tags", &Options::default()).unwrap();
    let names: Vec<&str> = l.tags.marks.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Outer", "Inner", "Other"]);
    let d = uriscan_codegen::tdfa::build(&l.nfas);
    let tags = d.run(0, b"[12]").unwrap();
    assert_eq!(tags, [Some(0), Some(1), None], "Outer starts at 0, Inner at 1");
    assert_eq!(d.run(0, b"12").unwrap(), [None, Some(0), None]);
    assert_eq!(d.run(0, b"ab").unwrap(), [None, None, Some(0)]);
}

/// The registry of a list of grammars: one module per grammar (its
/// feature's `cfg` on it), `Grammar` and `Syntax` variants from the
/// `grammar` and `entry` lines, each entry documented with its ABNF,
/// `with_tables!` and the capture-slot checks; a split's entries are no
/// syntaxes.
#[test]
fn the_registry_matches_its_snapshot() {
    let list = [
        Build { tags: "digits.tags", role: Role::Syntax, feature: None },
        Build { tags: "percent.tags", role: Role::Syntax, feature: Some("extra") },
        Build { tags: "digits.tags", role: Role::Split, feature: None },
    ];
    let entries: Vec<_> = list[..2]
        .iter()
        .map(|b| {
            let out = generate(&data(), b.tags, &Options::default()).unwrap();
            (b.clone(), out.grammar)
        })
        .collect();
    let text = print::registry::registry(&Registry::new(&entries).unwrap());
    assert!(text.contains("\n            Top,\n") && text.contains("\n            PercentTop,\n"), "{text}");
    check("registry.rs", &text);
    // The same grammar twice: its name and its entries are taken.
    let twice = [entries[0].clone(), entries[0].clone()];
    let e = Registry::new(&twice).unwrap_err();
    assert_eq!(
        e,
        [
            "grammar/digits.tags: grammar name 'Digits' is used twice",
            "grammar/digits.tags: entry 'Top' is an entry of grammar/digits.tags too (entry names name syntaxes: they must be unique)",
            "grammar/digits.tags: entry 'Number' is an entry of grammar/digits.tags too (entry names name syntaxes: they must be unique)",
        ]
    );
    // A grammar without its `grammar` line.
    let nameless = generate(&data(), "nested.tags", &Options::default()).unwrap();
    let e = Registry::new(&[(list[2].clone(), nameless.grammar)]).unwrap_err();
    assert_eq!(e, ["grammar/digits.tags: no 'grammar NAME TITLE' line"]);
}

#[test]
fn utf8_grammar_matches_its_snapshot() {
    snapshot("utf8", &Options::default());
}

/// With `encoding utf-8`, code point ranges match exactly the UTF-8 of
/// their scalar values: every length, surrogates and overlong forms
/// refused, and the error on the first byte no continuation allows.
#[test]
fn utf8_ranges_match_their_encodings() {
    let l = uriscan_codegen::load(&data(), "utf8.tags", &Options::default()).unwrap();
    let d = uriscan_codegen::tdfa::build(&l.nfas);
    let ok = |s: &[u8]| d.run(0, s).is_ok();
    let err = |s: &[u8]| d.run(0, s).unwrap_err().0;
    for c in ['\u{A0}', '\u{7FF}', '\u{800}', '\u{D7FF}', '\u{E000}', '\u{FFFD}', '\u{10000}', '\u{10FFFF}'] {
        assert!(ok(format!("a{c}b").as_bytes()), "U+{:04X}", c as u32);
    }
    assert_eq!(err("a\u{9F}".as_bytes()), 2, "U+009F: C2 is a lead byte, 9F no continuation of it");
    assert_eq!(err(b"a\xED\xA0\x80"), 2, "a surrogate: ED takes 80-9F only");
    assert_eq!(err(b"a\xC0\xAF"), 1, "overlong '/': C0 is never a lead byte");
    assert_eq!(err(b"a\xE0\x80\xAF"), 2, "overlong three-byte '/': E0 takes A0-BF");
    assert_eq!(err(b"a\xF4\x90\x80\x80"), 2, "above U+10FFFF: F4 takes 80-8F");
    assert_eq!(err(b"a\xE2\x82"), 3, "truncated at the end");
    assert_eq!(err("a\u{FFFE}".as_bytes()), 3, "U+FFFE is not in the range: EF BF takes 80-BD");
    // The tail: two-byte forms, the range around the surrogates, U+20AC once at the end.
    assert!(ok("a?\u{80}\u{7FF}\u{D7FF}\u{E000}\u{20AC}".as_bytes()));
    assert_eq!(err("a?\u{20AC}b".as_bytes()), 5);
    assert_eq!(err("a?\u{800}".as_bytes()), 2, "U+0800 is not in the tail");
    // A surrogate as a single value is refused with its position.
    let dir = std::env::temp_dir().join(format!("uriscan-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("s.tags"), "files s.abnf\ntypes K Root M\nencoding utf-8\nentry E top\n").unwrap();
    std::fs::write(dir.join("s.abnf"), "top = a / b\na = %xD800\nb = %x110000\n").unwrap();
    let e = generate(&dir, "s.tags", &Options::default()).err().unwrap();
    assert_eq!(
        e,
        [
            "grammar/s.abnf:2:5: numeric value %xD800 is a surrogate, not a Unicode scalar value",
            "grammar/s.abnf:3:7: numeric value %x110000 is greater than 10FFFF, the last code point"
        ]
    );
    // `exclude` leaves code points out of every range and single value;
    // a value it covers wholly is an error at the value.
    let tags = "files s.abnf\ntypes K Root M\nencoding utf-8\nexclude %x200E-200F %X202A-202E\nentry E top\n";
    std::fs::write(dir.join("s.tags"), tags).unwrap();
    std::fs::write(dir.join("s.abnf"), "top = 1*( %xA0-D7FF / %x2000 )\n").unwrap();
    let l = uriscan_codegen::load(&dir, "s.tags", &Options::default()).unwrap();
    let d = uriscan_codegen::tdfa::build(&l.nfas);
    for v in 0x1F00..0x2100u32 {
        let s = format!("{}", char::from_u32(v).unwrap());
        let excluded = (0x200E..=0x200F).contains(&v) || (0x202A..=0x202E).contains(&v);
        assert_eq!(d.run(0, s.as_bytes()).is_ok(), !excluded, "U+{v:04X}");
    }
    assert_eq!(d.run(0, "a\u{200F}".as_bytes()).unwrap_err().0, 0, "'a' is not in the grammar");
    assert_eq!(d.run(0, "\u{A0}\u{202E}".as_bytes()).unwrap_err().0, 4, "E2 80 leads U+202F too");
    std::fs::write(dir.join("s.abnf"), "top = a / b\na = %x2000 / %x202B\nb = %x202A-202E\n").unwrap();
    let e = generate(&dir, "s.tags", &Options::default()).err().unwrap();
    assert_eq!(
        e,
        [
            "grammar/s.abnf:2:14: numeric value %x202B is wholly excluded (the tags file's 'exclude')",
            "grammar/s.abnf:3:5: numeric value %x202A-202E is wholly excluded (the tags file's 'exclude')"
        ]
    );
    let bad = "files s.abnf\ntypes K Root M\nencoding utf-8\nexclude 200E %x2-1 %x110000\nentry E top\n";
    std::fs::write(dir.join("s.tags"), bad).unwrap();
    let e = generate(&dir, "s.tags", &Options::default()).err().unwrap();
    assert_eq!(
        e,
        [
            "grammar/s.tags:4:9: '200E' is not a code point or range (%xHHHH or %xHHHH-HHHH)",
            "grammar/s.tags:4:14: '%x2-1' has start greater than end",
            "grammar/s.tags:4:20: '%x110000' is not a code point or range (%xHHHH or %xHHHH-HHHH)"
        ]
    );
    std::fs::write(dir.join("s.tags"), "files s.abnf\ntypes K Root M\nexclude %x200E\nentry E top\n").unwrap();
    let e = generate(&dir, "s.tags", &Options::default()).err().unwrap();
    assert_eq!(e, ["grammar/s.tags:1:1: 'exclude' needs 'encoding utf-8' (it names code points)"]);
    std::fs::write(dir.join("s.tags"), "files s.abnf\ntypes K Root M\nentry E top\n").unwrap();
    std::fs::write(dir.join("s.abnf"), "top = %x100\n").unwrap();
    let e = generate(&dir, "s.tags", &Options::default()).err().unwrap();
    assert_eq!(e, ["grammar/s.abnf:1:9: numeric value %x100 is greater than 255"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
