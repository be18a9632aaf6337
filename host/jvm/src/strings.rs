//! Java strings: creating `java.lang.String` objects from Rust text, reading them back, and
//! the intern table.
//!
//! JDK 17 strings hold a `byte[] value` with a `coder`: LATIN1 (one byte per char) when every
//! char fits, else UTF16 (two bytes per char, in the platform order `StringUTF16` reports —
//! little-endian here).

use super::heap::ObjData;
use super::value::{Ref, Value};
use crate::machine::Machine;
use crate::vm::Jvm;
use crate::vm::Vm;

const LATIN1: i32 = 0;
const UTF16: i32 = 1;

impl Jvm {
    /// The UTF-16 content of a String object, or `None` if `r` is not a String.
    pub fn string_units(&self, r: Ref) -> Option<Vec<u16>> {
        let obj = self.state.heap.get(r)?;
        if obj.class != self.known.string {
            return None;
        }
        let fields = obj.fields();
        let value = fields.get(self.known.string_value as usize)?.as_ref();
        let coder = fields.get(self.known.string_coder as usize)?.as_int();
        let ObjData::Bytes(bytes) = &self.state.heap.get(value)?.data else {
            return None;
        };
        Some(if coder == LATIN1 {
            bytes.iter().map(|&b| u16::from(b as u8)).collect()
        } else {
            bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0] as u8, c[1] as u8]))
                .collect()
        })
    }

    /// The content of a String object as Rust text (lone surrogates become U+FFFD).
    pub fn string_value(&self, r: Ref) -> Option<String> {
        self.string_units(r).map(|u| String::from_utf16_lossy(&u))
    }
}

impl<M: Machine> Vm<M> {
    /// A new String with the given UTF-16 content.
    pub fn new_string_utf16(&mut self, units: &[u16]) -> Ref {
        let (bytes, coder): (Vec<i8>, i32) = if units.iter().all(|&u| u <= 0xFF) {
            (units.iter().map(|&u| u as u8 as i8).collect(), LATIN1)
        } else {
            (
                units
                    .iter()
                    .flat_map(|&u| u.to_le_bytes())
                    .map(|b| b as i8)
                    .collect(),
                UTF16,
            )
        };
        let byte_array = self.known.byte_array;
        let value = self.alloc(byte_array, ObjData::Bytes(bytes.into()));
        let s = self.new_object(self.known.string);
        self.set_field(s, self.known.string_value, Value::Ref(value));
        self.set_field(s, self.known.string_coder, Value::Int(coder));
        s
    }

    /// A new String from Rust text.
    pub fn new_string(&mut self, text: &str) -> Ref {
        let units: Vec<u16> = text.encode_utf16().collect();
        self.new_string_utf16(&units)
    }

    /// The canonical String object with this content (`String.intern`, literals).
    pub fn intern(&mut self, units: &[u16]) -> Ref {
        if let Some(r) = self.state.strings.get(units) {
            return r;
        }
        let r = self.new_string_utf16(units);
        self.state.strings.insert(units, r);
        self.state.heap.mark_interned(r);
        r
    }

    /// Interns an existing String object, returning the canonical one.
    pub fn intern_object(&mut self, s: Ref) -> Ref {
        let Some(units) = self.string_units(s) else {
            return s;
        };
        if let Some(r) = self.state.strings.get(&units) {
            return r;
        }
        self.state.strings.insert(&units, s);
        self.state.heap.mark_interned(s);
        s
    }
}
