//! `iri display`: the text to show an IRI with in bidirectional text (RFC 3987 §4.1, or the
//! July 2002 draft's rendering), or the visual order a reader sees (§4.4), optionally in
//! RFC 3987's Bidi Notation (§1.4).
//!
//! Display is about showing text, so the inputs are not parsed: any UTF-8 line is shown.

use std::borrow::Cow;
use std::io::{self, Write};

use iri::bidi::notation::{from_notation, to_notation, NotationScript};
use iri::bidi::{display_2002, visual_order_in, Direction, Wrap};

use super::transform::{transform_shown, Shown as Written};
use super::Outcome;
use crate::cli::{DisplayArgs, Format, WrapArg};
use crate::output::escaped;

/// What to show: the wrapping, the direction of the text around, and the picture or the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shown {
    wrap: WrapArg,
    context: Direction,
    visual: bool,
    notation: Option<NotationScript>,
    /// Whether the input's hidden characters are escaped first (text and TSV, not JSON).
    escape: bool,
}

impl Shown {
    /// The output for one input.
    fn show(&self, input: &str) -> String {
        let text: Cow<'_, str> = match self.notation {
            Some(script) => Cow::Owned(from_notation(input, script)),
            None => Cow::Borrowed(input),
        };
        // The input's own controls and formatting characters are shown as `<U+XXXX>` before
        // the wrapping (an embedded PDF or RLO would otherwise undo the wrapping's LRE), and
        // after the notation's letters are read (the token's `U` is no right-to-left letter).
        let text = match (self.escape, text) {
            (true, Cow::Borrowed(t)) => escaped(t),
            (true, Cow::Owned(t)) => Cow::Owned(escaped(&t).into_owned()),
            (false, t) => t,
        };
        let wrapped = match self.wrap {
            WrapArg::Lre => iri::bidi::display(&text, Wrap::Embedding),
            WrapArg::Lri => iri::bidi::display(&text, Wrap::Isolate),
            WrapArg::Lrm => display_2002(&text, self.context),
        };
        let shown = if self.visual {
            Cow::Owned(visual_order_in(&wrapped, self.context))
        } else {
            wrapped
        };
        match self.notation {
            Some(script) => to_notation(&shown, script),
            None => shown.into_owned(),
        }
    }
}

/// Runs `iri display`, as described in its `--help`: one line per input; only a line that is
/// not UTF-8 fails.
pub fn display(args: DisplayArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let shown = Shown {
        wrap: args.wrap,
        context: args.context.into(),
        visual: args.visual,
        notation: args.bidi_notation.map(NotationScript::from),
        escape: args.output.format != Format::Json,
    };
    let format = args.output.format;
    transform_shown(args.inputs, format, Written::AsIs, out, |s, buf| {
        super::transform::put(buf, shown.show(s));
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(wrap: WrapArg, context: Direction, visual: bool) -> Shown {
        Shown {
            wrap,
            context,
            visual,
            notation: Some(NotationScript::Hebrew),
            escape: true,
        }
    }

    #[test]
    fn wraps_and_pictures() {
        use Direction::*;
        use WrapArg::*;
        let s = "http://ab.CD/ef";
        assert_eq!(
            shown(Lre, Ltr, false).show(s),
            "\u{202A}http://ab.CD/ef\u{202C}"
        );
        assert_eq!(
            shown(Lri, Rtl, false).show(s),
            "\u{2066}http://ab.CD/ef\u{2069}"
        );
        assert_eq!(
            shown(Lrm, Ltr, false).show(s),
            "http://ab.\u{200E}CD\u{200E}/ef"
        );
        assert_eq!(
            shown(Lrm, Rtl, false).show(s),
            "\u{202A}http://ab.\u{200E}CD\u{200E}/ef\u{202C}"
        );
        // The wrapped text keeps the left-to-right picture in right-to-left text.
        for wrap in [Lre, Lri] {
            for context in [Ltr, Rtl] {
                assert_eq!(shown(wrap, context, true).show(s), "http://ab.DC/ef");
            }
        }
        // Without right-to-left letters, nothing is added (but in an rtl context for lrm).
        assert_eq!(shown(Lre, Ltr, false).show("http://a/"), "http://a/");
        assert_eq!(
            shown(Lrm, Rtl, false).show("http://a/"),
            "\u{202A}http://a/\u{202C}"
        );
    }
}
