//! How records are written: the format, the selected columns, the text
//! template and which fast writer the selection allows.

use super::csv::{csv_finish, csv_writer};
use super::direct::DirectField;
use super::json::json_str;
use super::{names, ColType, Column, Format};

/// A piece of a text template.
#[derive(Clone, Debug)]
pub enum Piece {
    Lit(Vec<u8>),
    Col(usize),
}

/// How records are written: the format, the selected columns (indexes into
/// the command's column list) and the record terminator. Built once per run.
pub struct Layout {
    pub format: Format,
    pub(super) columns: &'static [Column],
    pub(super) fields: Vec<usize>,
    /// The JSON key of each selected field: `{"name":` or `,"name":`.
    pub(super) json_keys: Vec<Vec<u8>>,
    /// The text layout.
    pub(super) text: Vec<Piece>,
    /// `\n`, or NUL with `--null`.
    pub(super) term: u8,
    /// For the direct writer, indexed by column: TSV or JSON Lines whose
    /// selected columns are in column order (each once).
    pub(super) direct: Option<Vec<Option<DirectField>>>,
    /// For the `tsv_all` writer: TSV of a line command's every column in
    /// order, but perhaps `file` and `input`: whether each of those is
    /// selected.
    pub(super) tsv_all: Option<(bool, bool)>,
}

/// A usage error of `--fields` or of a text template.
#[derive(Debug)]
pub struct FieldError(pub String);

impl Layout {
    /// `fields`: the selected column names (`None`: `default`, the columns
    /// the command shows unless told otherwise). `text`: the command's text
    /// layout (`{column}` placeholders), `None` to join the selected fields
    /// with TAB; ignored when `--fields` is given.
    pub fn new(
        format: Format,
        columns: &'static [Column],
        fields: Option<&[String]>,
        default: impl Fn(&str) -> bool,
        text: Option<&str>,
        term: u8,
    ) -> Result<Layout, FieldError> {
        let selected: Vec<usize> = match fields {
            Some(names) => {
                let names: Vec<&str> =
                    names.iter().flat_map(|n| n.split(',')).map(str::trim).filter(|n| !n.is_empty()).collect();
                if names.is_empty() {
                    return Err(FieldError("--fields needs at least one field name".into()));
                }
                if let Some(k) = (1..names.len()).find(|&k| names[..k].contains(&names[k])) {
                    return Err(FieldError(format!("--fields names '{}' twice", names[k])));
                }
                names.into_iter().map(|n| index(columns, n)).collect::<Result<_, _>>()?
            }
            None => (0..columns.len()).filter(|&i| default(columns[i].name)).collect(),
        };
        let json_keys: Vec<Vec<u8>> = selected
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let mut key = Vec::from(if k == 0 { &b"{"[..] } else { &b","[..] });
                json_str(&mut key, columns[i].name.as_bytes());
                key.push(b':');
                key
            })
            .collect();
        let text = match text.filter(|_| fields.is_none()) {
            Some(t) => template(columns, t)?,
            None => joined_by_tab(&selected),
        };
        let direct = direct_fields(format, columns, &selected, &json_keys);
        let tsv_all = tsv_all(format, columns, &selected);
        Ok(Layout { format, columns, fields: selected, json_keys, text, term, direct, tsv_all })
    }

    /// The names of the selected columns, in output order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields.iter().map(|&i| self.columns[i].name)
    }

    /// The types of the selected columns, in output order.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub fn types(&self) -> impl Iterator<Item = ColType> + '_ {
        self.fields.iter().map(|&i| self.columns[i].ty)
    }

    /// Whether records are written by the direct writer.
    #[cfg(test)]
    pub fn is_direct(&self) -> bool {
        self.direct.is_some()
    }

    /// Whether records are written by the `tsv_all` writer.
    #[cfg(test)]
    pub fn is_tsv_all(&self) -> bool {
        self.tsv_all.is_some()
    }

    /// The header record (TSV and CSV), written once before the first record.
    pub fn header(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.format {
            Format::Tsv => {
                for (k, name) in self.names().enumerate() {
                    if k > 0 {
                        out.push(b'\t');
                    }
                    out.extend_from_slice(name.as_bytes());
                }
                out.push(self.term);
            }
            Format::Csv => {
                let mut w = csv_writer(self.term, Vec::new());
                let _ = w.write_record(self.names());
                out = csv_finish(w);
            }
            Format::Jsonl | Format::Text | Format::Parquet => {}
        }
        out
    }
}

/// The index of column `name`.
fn index(columns: &[Column], name: &str) -> Result<usize, FieldError> {
    columns.iter().position(|c| c.name == name).ok_or_else(|| {
        FieldError(format!("unknown field '{name}' (the fields of this command: {})", names(columns, ",")))
    })
}

/// The pieces of text template `t` (`{column}` placeholders).
fn template(columns: &[Column], t: &str) -> Result<Vec<Piece>, FieldError> {
    let mut pieces = Vec::new();
    let mut rest = t;
    while let Some(open) = rest.find('{') {
        let close = rest[open..]
            .find('}')
            .map(|c| open + c)
            .ok_or_else(|| FieldError(format!("unclosed placeholder in text layout {t:?}")))?;
        pieces.push(Piece::Lit(rest.as_bytes()[..open].to_vec()));
        pieces.push(Piece::Col(index(columns, &rest[open + 1..close])?));
        rest = &rest[close + 1..];
    }
    pieces.push(Piece::Lit(rest.as_bytes().to_vec()));
    Ok(pieces)
}

/// The selected columns joined by TAB, as a text template.
fn joined_by_tab(selected: &[usize]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (k, &i) in selected.iter().enumerate() {
        if k > 0 {
            pieces.push(Piece::Lit(b"\t".to_vec()));
        }
        pieces.push(Piece::Col(i));
    }
    pieces
}

/// The direct writer's columns, when the format and the selection allow it.
fn direct_fields(
    format: Format,
    columns: &[Column],
    selected: &[usize],
    json_keys: &[Vec<u8>],
) -> Option<Vec<Option<DirectField>>> {
    let in_order = !selected.is_empty() && selected.windows(2).all(|w| w[0] < w[1]);
    (in_order && matches!(format, Format::Tsv | Format::Jsonl)).then(|| {
        let mut cols: Vec<Option<DirectField>> = columns.iter().map(|_| None).collect();
        for (k, (&i, key)) in selected.iter().zip(json_keys).enumerate() {
            let null = [&key[..], b"null"].concat();
            cols[i] = Some(DirectField { first: k == 0, key: key.clone(), null });
        }
        cols
    })
}

/// Whether `file` and `input` are selected, when the `tsv_all` writer can
/// write the selection (TSV of a line command's every column in order, but
/// perhaps those two).
fn tsv_all(format: Format, columns: &[Column], selected: &[usize]) -> Option<(bool, bool)> {
    let first: Vec<&str> = columns.iter().take(3).map(|c| c.name).collect();
    if format != Format::Tsv || first != ["file", "line", "input"] {
        return None;
    }
    let (file, input) = (selected.first() == Some(&0), selected.contains(&2));
    let all = (0..columns.len()).filter(|&i| match i {
        0 => file,
        2 => input,
        _ => true,
    });
    all.eq(selected.iter().copied()).then_some((file, input))
}
