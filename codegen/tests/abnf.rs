//! The ABNF parser (RFC 5234, RFC 7405): rules, every error with its position.

use uriscan_codegen::abnf::*;
use uriscan_codegen::byteset::ByteSet;

const F: &str = "t.abnf";

fn pos(line: u32, col: u32) -> Pos {
    Pos { file: F.to_string(), line, col }
}

/// A reference to rule `name` at `line:col` of `t.abnf`.
fn r(name: &str, line: u32, col: u32) -> Expr {
    Expr::Rule(name.to_string(), pos(line, col))
}

/// One exact byte.
fn b(c: u8) -> Expr {
    Expr::Class(ByteSet::single(c))
}

/// One letter, either case.
fn ci(c: u8) -> Expr {
    let mut s = ByteSet::single(c.to_ascii_lowercase());
    s.insert(c.to_ascii_uppercase());
    Expr::Class(s)
}

fn range(lo: u8, hi: u8) -> Expr {
    Expr::Class(ByteSet::range(lo, hi))
}

fn rep(min: u32, max: Option<u32>, expr: Expr) -> Expr {
    Expr::Repeat { min, max, expr: Box::new(expr) }
}

fn seq(items: Vec<Expr>) -> Expr {
    Expr::Seq(items)
}

fn alt(items: Vec<Expr>) -> Expr {
    Expr::Alt(items)
}

/// Parse `t.abnf`, expecting no diagnostics.
fn defs(text: &str) -> Vec<Definition> {
    let (defs, diags) = parse_file(F, text);
    assert!(diags.is_empty(), "unexpected diagnostics: {diags:?}");
    defs
}

/// The expression of the single rule in `text`.
fn expr(text: &str) -> Expr {
    let d = defs(text);
    assert_eq!(d.len(), 1, "{d:?}");
    d[0].expr.clone()
}

/// The expression of `a = <body>` (`a = ` is 4 columns, so the body starts at column 5).
fn body(text: &str) -> Expr {
    expr(&format!("a = {text}\n"))
}

fn errors_of(files: &[(&str, &str)]) -> Vec<String> {
    match Grammar::load(files) {
        Ok(_) => panic!("grammar loaded without errors"),
        Err(diags) => diags.iter().map(|d| d.to_string()).collect(),
    }
}

fn errors(text: &str) -> Vec<String> {
    errors_of(&[(F, text)])
}

fn load(text: &str) -> Grammar {
    match Grammar::load(&[(F, text)]) {
        Ok(g) => g,
        Err(diags) => panic!("{diags:?}"),
    }
}

// ---- notation -------------------------------------------------------------

#[test]
fn rule_definition_forms() {
    let d = defs("a=b\nB-2  =/  c\nxY-z\t=\td\nq\n  =\n  e\n");
    let names: Vec<_> = d.iter().map(|d| (d.name.as_str(), d.incremental)).collect();
    assert_eq!(names, [("a", false), ("B-2", true), ("xY-z", false), ("q", false)]);
    assert_eq!(d[0].expr, r("b", 1, 3));
    assert_eq!(d[0].pos, pos(1, 1));
    assert_eq!(d[1].expr, r("c", 2, 10));
    assert_eq!(d[1].pos, pos(2, 1));
    assert_eq!(d[2].expr, r("d", 3, 8));
    // `=` and the elements may sit on continuation lines.
    assert_eq!(d[3].expr, r("e", 6, 3));
    assert_eq!(d[3].pos, pos(4, 1));
}

#[test]
fn alternation_concatenation_and_groups() {
    assert_eq!(body("b / c / d"), alt(vec![r("b", 1, 5), r("c", 1, 9), r("d", 1, 13)]));
    assert_eq!(body("b c"), seq(vec![r("b", 1, 5), r("c", 1, 7)]));
    // Concatenation binds tighter than alternation.
    assert_eq!(body("b c / d"), alt(vec![seq(vec![r("b", 1, 5), r("c", 1, 7)]), r("d", 1, 11)]));
    assert_eq!(body("b (c / d)"), seq(vec![r("b", 1, 5), alt(vec![r("c", 1, 8), r("d", 1, 12)])]));
    // A group is not kept as a node; single-element groups and nesting vanish.
    assert_eq!(body("(b)"), r("b", 1, 6));
    assert_eq!(body("((( b )))"), r("b", 1, 9));
    assert_eq!(body("((b / c))"), alt(vec![r("b", 1, 7), r("c", 1, 11)]));
    // Nested concatenations and alternations are flattened (same meaning,
    // same order); a repetition keeps its group.
    assert_eq!(body("(b c) d"), seq(vec![r("b", 1, 6), r("c", 1, 8), r("d", 1, 11)]));
    assert_eq!(body("b / (c / (d)) / e"), alt(vec![r("b", 1, 5), r("c", 1, 10), r("d", 1, 15), r("e", 1, 21)]));
    assert_eq!(body("\"ab\" %x30.31 c"), seq(vec![ci(b'a'), ci(b'b'), b(b'0'), b(b'1'), r("c", 1, 18)]));
    assert_eq!(body("2\"ab\" c"), seq(vec![rep(2, Some(2), seq(vec![ci(b'a'), ci(b'b')])), r("c", 1, 11)]));
    // Whitespace inside brackets is optional; `/` needs none around it.
    assert_eq!(body("(b/c)"), alt(vec![r("b", 1, 6), r("c", 1, 8)]));
}

#[test]
fn options() {
    assert_eq!(body("[b]"), rep(0, Some(1), r("b", 1, 6)));
    assert_eq!(body("[ b c ]"), rep(0, Some(1), seq(vec![r("b", 1, 7), r("c", 1, 9)])));
    assert_eq!(body("b [c / d]"), seq(vec![r("b", 1, 5), rep(0, Some(1), alt(vec![r("c", 1, 8), r("d", 1, 12)]))]));
}

#[test]
fn repetitions() {
    assert_eq!(body("*b"), rep(0, None, r("b", 1, 6)));
    assert_eq!(body("1*b"), rep(1, None, r("b", 1, 7)));
    assert_eq!(body("*3b"), rep(0, Some(3), r("b", 1, 7)));
    assert_eq!(body("2*5b"), rep(2, Some(5), r("b", 1, 8)));
    assert_eq!(body("3b"), rep(3, Some(3), r("b", 1, 6)));
    assert_eq!(body("3*3b"), rep(3, Some(3), r("b", 1, 8)));
    assert_eq!(body("12*b"), rep(12, None, r("b", 1, 8)));
    assert_eq!(body("*( b c )"), rep(0, None, seq(vec![r("b", 1, 8), r("c", 1, 10)])));
    assert_eq!(body("2\"x\""), rep(2, Some(2), ci(b'x')));
    // `1*1 x` is just `x`.
    assert_eq!(body("1*1b"), r("b", 1, 8));
    assert_eq!(body("1b"), r("b", 1, 6));
}

#[test]
fn zero_repetitions_are_empty() {
    assert_eq!(body("0b"), Expr::Empty);
    assert_eq!(body("0*0b"), Expr::Empty);
    assert_eq!(body("*0b"), Expr::Empty);
    assert_eq!(body("0<pchar>"), Expr::Empty);
    assert_eq!(body("0*0<any prose, even with spaces>"), Expr::Empty);
    assert_eq!(body("0( <x> / \"y\" )"), Expr::Empty);
    // Empty items drop out of a concatenation, but stay as an alternative.
    assert_eq!(body("b 0c d"), seq(vec![r("b", 1, 5), r("d", 1, 10)]));
    assert_eq!(body("b 0c"), r("b", 1, 5));
    assert_eq!(body("b / 0c"), alt(vec![r("b", 1, 5), Expr::Empty]));
    // A repetition or option of nothing is nothing.
    assert_eq!(body("*\"\""), Expr::Empty);
    assert_eq!(body("[0b]"), Expr::Empty);
}

#[test]
fn quoted_strings_are_case_insensitive() {
    assert_eq!(body("\"x\""), ci(b'x'));
    assert_eq!(body("\"X\""), ci(b'x'));
    assert_eq!(body("\"1\""), b(b'1'));
    assert_eq!(body("\"\""), Expr::Empty);
    assert_eq!(body("\"aB-1 \""), seq(vec![ci(b'a'), ci(b'b'), b(b'-'), b(b'1'), b(b' ')]));
    // Every printable but `"` is allowed inside, including `;`, `/` and `<`.
    assert_eq!(body("\";/<'!~\""), seq(b";/<'!~".iter().map(|&c| b(c)).collect()));
    if let Expr::Class(set) = body("\"k\"") {
        assert_eq!(set.iter().collect::<Vec<_>>(), [b'K', b'k']);
    } else {
        panic!("not a class");
    }
}

#[test]
fn rfc7405_case_sensitive_and_insensitive_strings() {
    assert_eq!(body("%s\"aB\""), seq(vec![b(b'a'), b(b'B')]));
    assert_eq!(body("%S\"a\""), b(b'a'));
    assert_eq!(body("%s\"\""), Expr::Empty);
    assert_eq!(body("%i\"aB\""), seq(vec![ci(b'a'), ci(b'b')]));
    assert_eq!(body("%I\"a1\""), seq(vec![ci(b'a'), b(b'1')]));
}

#[test]
fn numeric_values() {
    assert_eq!(body("%x41"), b(0x41));
    assert_eq!(body("%X4a"), b(0x4A));
    assert_eq!(body("%xfF"), b(0xFF));
    assert_eq!(body("%x0"), b(0));
    assert_eq!(body("%d65"), b(65));
    assert_eq!(body("%D255"), b(255));
    assert_eq!(body("%b1000001"), b(0x41));
    assert_eq!(body("%B0"), b(0));
    // Ranges are one class.
    assert_eq!(body("%x41-5A"), range(0x41, 0x5A));
    assert_eq!(body("%d48-57"), range(b'0', b'9'));
    assert_eq!(body("%b110000-111001"), range(b'0', b'9'));
    assert_eq!(body("%x00-FF"), Expr::Class(ByteSet::FULL));
    assert_eq!(body("%x61-61"), b(b'a'));
    // Concatenations are a Seq of single bytes.
    assert_eq!(body("%x0D.0A"), seq(vec![b(13), b(10)]));
    assert_eq!(body("%d13.10.9"), seq(vec![b(13), b(10), b(9)]));
    assert_eq!(body("%b1.10"), seq(vec![b(1), b(2)]));
    // Mixed with other elements.
    assert_eq!(body("%x41-5A / %x61-7A"), alt(vec![range(0x41, 0x5A), range(0x61, 0x7A)]));
    assert_eq!(body("1*%x30-39"), rep(1, None, range(b'0', b'9')));
}

#[test]
fn comments_continuations_and_blank_lines() {
    let text = "; leading comment\n\
                \n\
                a = b   ; trailing comment\n\
                \x20   / c ; after c\n\
                \x20   ; a comment line inside the rule\n\
                \n\
                \t/ d\n\
                ; a comment in column 1 does not end the rule\n\
                \x20   / \"e;\"\n\
                \n\
                \n\
                b = \"1\"\n\
                c = \"2\"\n\
                d = \"3\"";
    let g = load(text);
    assert_eq!(
        g.rule("a").unwrap().expr,
        alt(vec![r("b", 3, 5), r("c", 4, 7), r("d", 7, 4), seq(vec![ci(b'e'), b(b';')])])
    );
    let names: Vec<_> = g.rules().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c", "d"]);
    assert_eq!(g.rule("d").unwrap().pos, pos(14, 1));
}

#[test]
fn crlf_line_endings() {
    let lf = "a = b ; c\n    / \"x\"\n\nb = %x0D.0A\n";
    let crlf = lf.replace('\n', "\r\n");
    assert_eq!(defs(lf), defs(&crlf));
    let d = defs(&crlf);
    assert_eq!(d[0].expr, alt(vec![r("b", 1, 5), ci(b'x')]));
    assert_eq!(d[1].pos, pos(4, 1));
    // Errors get the same positions either way.
    let bad = "a = \"x\nb = [c\n";
    let crlf_bad = bad.replace('\n', "\r\n");
    let expected = ["t.abnf:1:5: unterminated quoted string", "t.abnf:2:7: expected ']' to close option opened at 2:5"];
    assert_eq!(errors(bad), expected);
    assert_eq!(errors(&crlf_bad), expected);
}

#[test]
fn incremental_alternatives() {
    let g = load(
        "a = \"x\" / \"y\"\n\
         b = \"z\"\n\
         a =/ \"w\"\n\
         a =/ b / \"v\"\n\
         c = b\n\
         C =/ \"u\" ; case-insensitive too\n",
    );
    assert_eq!(g.rule("a").unwrap().expr, alt(vec![ci(b'x'), ci(b'y'), ci(b'w'), r("b", 4, 6), ci(b'v')]));
    assert_eq!(g.rule("c").unwrap().expr, alt(vec![r("b", 5, 5), ci(b'u')]));
    assert_eq!(g.rules().count(), 3);
    // `=/` may come before the `=` and from another file.
    let g = Grammar::load(&[("x.abnf", "a =/ \"2\"\n"), ("y.abnf", "a = \"1\"\n")]).unwrap();
    assert_eq!(g.rule("a").unwrap().expr, alt(vec![b(b'1'), b(b'2')]));
}

#[test]
fn rule_names_are_case_insensitive() {
    let g = load("Foo-Bar = \"a\"\nbaz = FOO-bar / foo-BAR\n");
    assert_eq!(g.rule("foo-bar").unwrap().name, "Foo-Bar");
    assert!(g.rule("FOO-BAR").is_some());
    assert!(g.rule("BaZ").is_some());
    assert!(g.rule("qux").is_none());
    // References keep the spelling they were written with.
    assert_eq!(g.rule("baz").unwrap().expr, alt(vec![r("FOO-bar", 2, 7), r("foo-BAR", 2, 17)]));
    assert_eq!(
        errors("a = \"1\"\nA = \"2\"\n"),
        ["t.abnf:2:1: duplicate definition of rule 'A' (first defined at t.abnf:1:1; use '=/' to add alternatives)"]
    );
}

#[test]
fn rules_from_several_files() {
    let g =
        Grammar::load(&[("main.abnf", "top = ALPHA 1*DIGIT\n"), ("core.abnf", "ALPHA = %x41-5A\nDIGIT = %x30-39\n")])
            .unwrap();
    let names: Vec<_> = g.rules().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["top", "ALPHA", "DIGIT"]);
    assert_eq!(g.rule("alpha").unwrap().pos, Pos { file: "core.abnf".into(), line: 1, col: 1 });
}

// ---- errors ---------------------------------------------------------------

#[test]
fn syntax_errors_all_reported_with_positions() {
    let text = "a = [ b\n\
                c = ( d ]\n\
                d = \"abc\n\
                e = %x4g\n\
                f = %x100\n\
                g = %x5A-41\n\
                h = 3*2x\n\
                i = <prose>\n\
                ok = \"fine\"\n\
                k q\n\
                l = (\n\
                \x20m\n\
                \n\
                \x20n = 3\n\
                m = b ] c\n\
                n = 2 x\n\
                o = %q41\n\
                p = %d256\n\
                q = %b2\n\
                r = %x41.42-43\n\
                s = %x41-42.43\n\
                t = b /\n\
                u = <unterminated\n\
                v = ()\n\
                w = %s 'x'\n\
                x =\n\
                1y = z\n\
                z = \"tab\there\"\n";
    let (defs, diags) = parse_file(F, text);
    let diags: Vec<_> = diags.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        diags,
        [
            "t.abnf:1:8: expected ']' to close option opened at 1:5",
            "t.abnf:2:9: expected ')' to close group opened at 2:5",
            "t.abnf:3:5: unterminated quoted string",
            "t.abnf:4:8: invalid hex digit 'g' in numeric value",
            "t.abnf:5:7: numeric value %x100 is greater than 255",
            "t.abnf:6:5: numeric range %x5A-41 has start greater than end",
            "t.abnf:7:5: repetition min 3 greater than max 2",
            "t.abnf:8:5: prose value is not supported",
            "t.abnf:10:3: expected '=' or '=/' after rule name, found 'q'",
            "t.abnf:14:4: expected ')' to close group opened at 11:5",
            "t.abnf:15:7: unexpected ']' with no matching opening bracket",
            "t.abnf:16:6: expected an element right after repetition '2', found space",
            "t.abnf:17:6: expected 'x', 'd', 'b', 's' or 'i' after '%', found 'q'",
            "t.abnf:18:7: numeric value %d256 is greater than 255",
            "t.abnf:19:7: invalid binary digit '2' in numeric value",
            "t.abnf:20:12: a numeric value is either a '-' range or a '.' concatenation, not both",
            "t.abnf:21:12: a numeric value is either a '-' range or a '.' concatenation, not both",
            "t.abnf:22:8: expected an element, found end of rule",
            "t.abnf:23:5: unterminated prose value",
            "t.abnf:24:6: expected an element, found ')'",
            "t.abnf:25:7: expected '\"' after '%s', found space",
            "t.abnf:26:4: expected an element, found end of rule",
            "t.abnf:27:1: expected a rule name, found '1'",
            "t.abnf:28:9: invalid character tab in quoted string",
        ]
    );
    // The good rule between the bad ones survives.
    let names: Vec<_> = defs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["ok"]);
}

#[test]
fn errors_at_end_of_file_without_newline() {
    assert_eq!(parse_file(F, "a = (b").1[0].to_string(), "t.abnf:1:7: expected ')' to close group opened at 1:5");
    assert_eq!(
        parse_file(F, "a = 3").1[0].to_string(),
        "t.abnf:1:6: expected an element right after repetition '3', found end of rule"
    );
    assert_eq!(
        parse_file(F, "a").1[0].to_string(),
        "t.abnf:1:2: expected '=' or '=/' after rule name, found end of rule"
    );
}

#[test]
fn stray_indented_line_before_first_rule() {
    assert_eq!(
        errors("  ; fine\n  x = y\na = \"1\"\n"),
        ["t.abnf:2:3: indented line outside of a rule (a rule name must start in column 1)"]
    );
}

#[test]
fn undefined_rules() {
    assert_eq!(
        errors("a = b c\nc = \"x\" / B / [ d ]\n"),
        ["t.abnf:1:5: undefined rule 'b'", "t.abnf:2:11: undefined rule 'B'", "t.abnf:2:17: undefined rule 'd'"]
    );
    // A reference inside a zero repetition is gone, so it need not be defined.
    load("a = \"x\" 0b\n");
    // A rule whose definition had a syntax error is not also reported as undefined.
    assert_eq!(errors("a = b\nb = (\n"), ["t.abnf:2:6: expected an element, found end of rule"]);
}

#[test]
fn recursion_direct_and_indirect() {
    assert_eq!(errors("a = \"x\" a\n"), ["t.abnf:1:9: recursive rule: a -> a"]);
    assert_eq!(errors("a = \"(\" [ A ] \")\"\n"), ["t.abnf:1:11: recursive rule: a -> a"]);
    assert_eq!(errors("a = \"x\" b\nb = \"y\" / a\n"), ["t.abnf:2:11: recursive rule: a -> b -> a"]);
    assert_eq!(errors("top = a\na = b\nb = c\nc = \"x\" / a\n"), ["t.abnf:4:11: recursive rule: a -> b -> c -> a"]);
    // Each cycle is reported once, at the reference that closes it.
    assert_eq!(
        errors("a = b / c\nb = a a\nc = a\n"),
        ["t.abnf:2:5: recursive rule: a -> b -> a", "t.abnf:3:5: recursive rule: a -> c -> a"]
    );
    // Shared (non-recursive) references are fine.
    load("a = b b c\nb = c c\nc = \"x\"\n");
}

#[test]
fn incremental_without_base_and_duplicates() {
    assert_eq!(
        errors("a = \"x\"\nb =/ \"y\"\na = \"z\"\n"),
        [
            "t.abnf:2:1: '=/' adds alternatives to rule 'b', which is never defined with '='",
            "t.abnf:3:1: duplicate definition of rule 'a' (first defined at t.abnf:1:1; use '=/' to add alternatives)",
        ]
    );
}

#[test]
fn diagnostics_sorted_by_file_then_position() {
    let errs = errors_of(&[
        ("one.abnf", "a = b\nc = \"x\" / <p>\n"),
        ("two.abnf", "x = y\nz = (\n"),
        ("three.abnf", "q = %x100\n"),
    ]);
    assert_eq!(
        errs,
        [
            "one.abnf:1:5: undefined rule 'b'",
            "one.abnf:2:11: prose value is not supported",
            "two.abnf:1:5: undefined rule 'y'",
            "two.abnf:2:6: expected an element, found end of rule",
            "three.abnf:1:7: numeric value %x100 is greater than 255",
        ]
    );
}

// ---- the real grammar -----------------------------------------------------

fn rfc3986() -> Grammar {
    let files = [
        ("grammar/rfc3986.abnf", include_str!("../../grammar/rfc3986.abnf")),
        ("grammar/core.abnf", include_str!("../../grammar/core.abnf")),
    ];
    match Grammar::load(&files) {
        Ok(g) => g,
        Err(diags) => panic!("{}", diags.iter().map(|d| format!("{d}\n")).collect::<String>()),
    }
}

fn is_ref(e: &Expr, name: &str) -> bool {
    matches!(e, Expr::Rule(n, _) if n == name)
}

#[test]
fn rfc3986_grammar_loads() {
    let g = rfc3986();
    assert_eq!(g.rules().next().unwrap().name, "URI");
    assert_eq!(g.rules().count(), 36 + 16);
    assert!(g.rule("uri").is_some() && g.rule("hexdig").is_some());

    assert_eq!(g.rule("path-empty").unwrap().expr, Expr::Empty);

    let Expr::Alt(octet) = &g.rule("dec-octet").unwrap().expr else { panic!("dec-octet is not an Alt") };
    assert_eq!(octet.len(), 5);
    assert!(is_ref(&octet[0], "DIGIT"));
    let Expr::Seq(last) = &octet[4] else { panic!() };
    assert_eq!(last[..], [b(b'2'), b(b'5'), range(b'0', b'5')]);

    let Expr::Alt(v6) = &g.rule("IPv6address").unwrap().expr else { panic!("IPv6address is not an Alt") };
    assert_eq!(v6.len(), 9);
    let Expr::Seq(first) = &v6[0] else { panic!() };
    assert!(matches!(&first[0], Expr::Repeat { min: 6, max: Some(6), .. }));
    assert!(is_ref(&first[1], "ls32"));

    match &g.rule("h16").unwrap().expr {
        Expr::Repeat { min: 1, max: Some(4), expr } => assert!(is_ref(expr, "HEXDIG")),
        e => panic!("h16 is {e:?}"),
    }

    // `"v"` is both cases; `%x31-39 DIGIT` is a Seq of a range and a reference.
    let Expr::Seq(future) = &g.rule("IPvFuture").unwrap().expr else { panic!() };
    assert_eq!(future[0], ci(b'v'));
    assert!(matches!(&octet[1], Expr::Seq(s) if s.len() == 2 && s[0] == range(b'1', b'9') && is_ref(&s[1], "DIGIT")));

    // Rules spanning continuation lines with comments.
    let Expr::Alt(path) = &g.rule("path").unwrap().expr else { panic!() };
    assert_eq!(path.len(), 5);
    assert!(is_ref(&path[4], "path-empty"));
    let Expr::Alt(subs) = &g.rule("sub-delims").unwrap().expr else { panic!() };
    assert_eq!(subs.len(), 11);
    assert_eq!(subs[10], b(b'='));
    assert_eq!(g.rule("segment-nz-nc").unwrap().pos, Pos { file: "grammar/rfc3986.abnf".into(), line: 71, col: 1 });

    // Core rules.
    assert_eq!(g.rule("ALPHA").unwrap().expr, Expr::Alt(vec![range(b'A', b'Z'), range(b'a', b'z')]));
    assert_eq!(g.rule("OCTET").unwrap().expr, Expr::Class(ByteSet::FULL));
    assert_eq!(g.rule("BIT").unwrap().expr, Expr::Alt(vec![b(b'0'), b(b'1')]));
}

#[test]
fn rfc3986_without_core_rules_reports_them() {
    let errs = errors_of(&[("rfc3986.abnf", include_str!("../../grammar/rfc3986.abnf"))]);
    assert!(!errs.is_empty());
    assert!(errs.iter().all(|e| e.contains("undefined rule 'ALPHA'")
        || e.contains("undefined rule 'DIGIT'")
        || e.contains("undefined rule 'HEXDIG'")));
}

#[test]
fn more_syntax_errors() {
    let diags = |text: &str| -> Vec<String> { parse_file(F, text).1.iter().map(|d| d.to_string()).collect() };
    assert_eq!(diags("a = 99999999999b\n"), ["t.abnf:1:5: repetition count 99999999999 too large"]);
    assert_eq!(diags("a = * b\n"), ["t.abnf:1:6: expected an element right after repetition '*', found space"]);
    assert_eq!(diags("a = %x41-\n"), ["t.abnf:1:10: expected a hex digit in numeric value, found end of line"]);
    assert_eq!(diags("a = 0<p\x01>\n"), ["t.abnf:1:8: invalid character byte 0x01 in prose value"]);
    assert_eq!(diags("a = \"é\"\n"), ["t.abnf:1:6: invalid character byte 0xC3 in quoted string"]);
    assert_eq!(diags("a = b = c\n"), ["t.abnf:1:7: unexpected '='"]);
    assert_eq!(diags("a = %z\n"), ["t.abnf:1:6: expected 'x', 'd', 'b', 's' or 'i' after '%', found 'z'"]);
    // `parse_file` leaves `=/` definitions unmerged.
    let (defs, diags) = parse_file(F, "a = \"x\"\na =/ \"y\"\n");
    assert!(diags.is_empty());
    assert_eq!((defs.len(), defs[1].incremental, defs[1].expr.clone()), (2, true, ci(b'y')));
}
