//! The layout of an observation encoding ([`crate::Game::encode`]): its named fields.
//!
//! A game states its fields once, as an array of [`Field`]s a [`Tiler`] places end to end.
//! Its `encoding_len` is where the last field ends, [`EncodingLayout::encoding_layout`]
//! hands the fields to front ends (Python's `Game.encoding_layout()`, the generated tables
//! of `docs/encodings.md`), and its encoder writes through them, so the length, the layout
//! and what the encoder writes cannot drift apart. The encoder takes each field's values
//! by name from [`Fields`]: for free where the layout is a constant (North Pole's, and
//! Arctic's for each table size), for the price of building a small one (Goofspiel's).
//! Where building the layout would cost a hot loop dearly (Arctic Race's, which follows the
//! rules' river), the encoder writes on and checks each field's start against the layout
//! in debug builds, which every game's tests run.
//!
//! The small functions here are `#[inline]`: encoders call them in learners' hot loops.

use std::fmt;
use std::ops::Range;

/// Most dimensions a field has: North Pole's board planes are plane, rank and file.
pub const MAX_RANK: usize = 3;

/// The dimensions of a field's values, outermost first: the values are in row-major order
/// (the last dimension varies fastest), as numpy's `reshape` reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    dims: [usize; MAX_RANK],
    rank: usize,
    /// The number of values, kept rather than multiplied out: an encoder asks every
    /// field's size at every encode ([`Fields::take`]).
    size: usize,
}

impl Shape {
    /// Returns the shape of `dims`.
    ///
    /// # Panics
    /// Panics on no dimensions or more than [`MAX_RANK`] (at compile time in a constant).
    #[inline]
    pub const fn of(dims: &[usize]) -> Shape {
        assert!(
            !dims.is_empty() && dims.len() <= MAX_RANK,
            "a field has 1 to MAX_RANK dimensions"
        );
        let mut all = [1; MAX_RANK];
        let (mut size, mut i) = (1, 0);
        while i < dims.len() {
            all[i] = dims[i];
            size *= dims[i];
            i += 1;
        }
        Shape {
            dims: all,
            rank: dims.len(),
            size,
        }
    }

    /// Returns the dimensions, outermost first.
    pub const fn dims(&self) -> &[usize] {
        self.dims.split_at(self.rank).0
    }

    /// Returns the number of values: the product of the dimensions.
    #[inline]
    pub const fn size(&self) -> usize {
        self.size
    }
}

impl fmt::Display for Shape {
    /// Writes the dimensions as `2 x 5 x 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.dims().iter().enumerate() {
            write!(f, "{}{d}", if i == 0 { "" } else { " x " })?;
        }
        Ok(())
    }
}

/// One named field of an encoding: the values `start..start + shape.size()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// A short name, unique in its encoding (`snake_case`, as Python reads it).
    pub name: &'static str,
    /// The index of its first value.
    pub start: usize,
    /// Its dimensions.
    pub shape: Shape,
    /// What its values mean, each dimension's order included.
    pub meaning: &'static str,
}

impl Field {
    /// Returns the index after its last value.
    #[inline]
    pub const fn end(&self) -> usize {
        self.start + self.shape.size()
    }

    /// Returns the indices of its values.
    pub const fn range(&self) -> Range<usize> {
        self.start..self.end()
    }
}

/// Places fields end to end from index 0: each [`Tiler::field`] starts where the one
/// before it ended.
#[derive(Debug, Default)]
pub struct Tiler {
    at: usize,
}

impl Tiler {
    /// Returns a tiler at index 0.
    pub const fn new() -> Tiler {
        Tiler { at: 0 }
    }

    /// Returns the field `name` of `dims`, meaning `meaning`, placed after the last one. A
    /// `const` fn, so that a layout fixed at compile time costs its encoder nothing.
    ///
    /// # Panics
    /// As [`Shape::of`].
    #[inline]
    pub const fn field(
        &mut self,
        name: &'static str,
        dims: &[usize],
        meaning: &'static str,
    ) -> Field {
        let field = Field {
            name,
            start: self.at,
            shape: Shape::of(dims),
            meaning,
        };
        self.at = field.end();
        field
    }
}

/// Returns the length of the encoding `fields` lay out: where the last one ends.
#[inline]
pub const fn tiled_len(fields: &[Field]) -> usize {
    match fields.last() {
        Some(f) => f.end(),
        None => 0,
    }
}

/// How a game lays out its observation encoding: the fields front ends and the docs name.
///
/// A supertrait of [`crate::Game`], so every game has it, but a trait of its own so that a
/// game states its layout beside its encoder (in the game's encoding module) rather than
/// in its engine.
pub trait EncodingLayout {
    /// Returns the fields of the encoding of a `players`-seat game, in order: they tile
    /// `0..encoding_len(players)` (the conformance kit checks it), and the encoder writes
    /// each field's values into exactly its slice.
    fn encoding_layout(&self, players: usize) -> Vec<Field>;
}

/// An encoding buffer handed out field by field, in the order of its layout: the encoder
/// asks for each field by name, so it writes through the layout and cannot disagree with
/// it on where a field lies. Allocates nothing.
#[derive(Debug)]
pub struct Fields<'a, 'f> {
    rest: &'a mut [f32],
    fields: std::slice::Iter<'f, Field>,
}

impl<'a, 'f> Fields<'a, 'f> {
    /// Returns `out` to be handed out as `fields` lay it out.
    ///
    /// # Panics
    /// Panics if `out` is not as long as the layout.
    #[inline]
    pub fn new(out: &'a mut [f32], fields: &'f [Field]) -> Fields<'a, 'f> {
        assert_eq!(
            out.len(),
            tiled_len(fields),
            "an encoding buffer as long as its layout"
        );
        Fields {
            rest: out,
            fields: fields.iter(),
        }
    }

    /// Returns the values of the next field, which must be `name`.
    ///
    /// # Panics
    /// In a debug build, panics if no field is left or the next one has another name: the
    /// encoder writes its fields in another order than its layout lists them. The order is
    /// the encoder's code, the same at every call, so the debug builds of a game's tests
    /// check it once for all, and an encoder in a hot loop does not pay for it.
    #[inline]
    pub fn take(&mut self, name: &str) -> &'a mut [f32] {
        let field = self.fields.next();
        debug_assert_eq!(
            field.map_or("none", |f| f.name),
            name,
            "the next field of the layout"
        );
        let size = field.map_or(0, |f| f.shape.size());
        let (values, rest) = std::mem::take(&mut self.rest).split_at_mut(size);
        self.rest = rest;
        values
    }

    /// Checks that every field has been handed out.
    ///
    /// # Panics
    /// Panics if a field is left: the encoder skipped it.
    #[inline]
    pub fn finish(mut self) {
        if let Some(left) = self.fields.next() {
            panic!("the encoder left the field {:?} unwritten", left.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> [Field; 3] {
        let mut tiler = Tiler::new();
        [
            tiler.field("seats", &[2, 3], "per seat"),
            tiler.field("flag", &[1], "a flag"),
            tiler.field("board", &[2, 2, 2], "planes"),
        ]
    }

    #[test]
    fn fields_are_placed_end_to_end() {
        let fields = layout();
        let ranges: Vec<_> = fields.iter().map(Field::range).collect();
        assert_eq!(ranges, [0..6, 6..7, 7..15]);
        assert_eq!(tiled_len(&fields), 15);
        assert_eq!(tiled_len(&[]), 0);
        assert_eq!(fields[2].shape.to_string(), "2 x 2 x 2");
        assert_eq!(fields[0].shape.dims(), [2, 3]);
    }

    #[test]
    fn the_buffer_is_handed_out_field_by_field() {
        let fields = layout();
        let mut out = [0.0; 15];
        let mut cut = Fields::new(&mut out, &fields);
        cut.take("seats").fill(1.0);
        cut.take("flag")[0] = 2.0;
        cut.take("board")[7] = 3.0;
        cut.finish();
        let mut expected = [1.0; 15];
        expected[6] = 2.0;
        expected[7..].fill(0.0);
        expected[14] = 3.0;
        assert_eq!(out, expected);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "the next field of the layout")]
    fn a_field_asked_out_of_order_is_refused() {
        let fields = layout();
        let mut out = [0.0; 15];
        Fields::new(&mut out, &fields).take("flag");
    }

    #[test]
    #[should_panic(expected = "the encoder left the field \"board\" unwritten")]
    fn a_field_left_out_is_refused() {
        let fields = layout();
        let mut out = [0.0; 15];
        let mut cut = Fields::new(&mut out, &fields);
        cut.take("seats");
        cut.take("flag");
        cut.finish();
    }

    #[test]
    #[should_panic(expected = "a field has 1 to MAX_RANK dimensions")]
    fn a_shape_of_too_many_dimensions_is_refused() {
        Shape::of(&[1, 2, 3, 4]);
    }
}
