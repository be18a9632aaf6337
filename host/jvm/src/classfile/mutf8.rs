//! Java's "modified UTF-8" (class-file string constants) decoded to UTF-16 code units.
//!
//! Rust strings cannot hold lone surrogates, which Java strings can, so string constants are
//! kept as UTF-16 units; names (always valid) are also available as Rust strings.

/// Decodes modified UTF-8; `None` if the bytes are not well formed.
pub fn decode_utf16(bytes: &[u8]) -> Option<Vec<u16>> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b & 0x80 == 0 {
            if b == 0 {
                return None;
            }
            out.push(u16::from(b));
            i += 1;
        } else if b & 0xE0 == 0xC0 {
            let b2 = *bytes.get(i + 1)?;
            if b2 & 0xC0 != 0x80 {
                return None;
            }
            out.push((u16::from(b & 0x1F) << 6) | u16::from(b2 & 0x3F));
            i += 2;
        } else if b & 0xF0 == 0xE0 {
            let b2 = *bytes.get(i + 1)?;
            let b3 = *bytes.get(i + 2)?;
            if b2 & 0xC0 != 0x80 || b3 & 0xC0 != 0x80 {
                return None;
            }
            out.push(
                (u16::from(b & 0x0F) << 12) | (u16::from(b2 & 0x3F) << 6) | u16::from(b3 & 0x3F),
            );
            i += 3;
        } else {
            return None;
        }
    }
    Some(out)
}

/// Encodes UTF-16 units as modified UTF-8 (used when writing class files for the Verify jar).
pub fn encode(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len());
    for &u in units {
        match u {
            1..=0x7F => out.push(u as u8),
            0 | 0x80..=0x7FF => {
                out.push(0xC0 | (u >> 6) as u8);
                out.push(0x80 | (u & 0x3F) as u8);
            }
            _ => {
                out.push(0xE0 | (u >> 12) as u8);
                out.push(0x80 | ((u >> 6) & 0x3F) as u8);
                out.push(0x80 | (u & 0x3F) as u8);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_nul_and_surrogates() {
        let units = [0x41, 0, 0xD800, 0x20AC, 0x7FF];
        let bytes = encode(&units);
        assert_eq!(bytes[1..3], [0xC0, 0x80]);
        assert_eq!(decode_utf16(&bytes).unwrap(), units);
    }

    #[test]
    fn rejects_malformed() {
        assert!(decode_utf16(&[0]).is_none());
        assert!(decode_utf16(&[0xC3]).is_none());
        assert!(decode_utf16(&[0xF0, 0x80, 0x80, 0x80]).is_none());
    }
}
