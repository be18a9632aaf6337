//! Natives of `java.util.zip`: the CRC-32 and Adler-32 checksums (HotSpot computes them in
//! zlib; rpf in Rust, with zlib's conventions for the running value).

use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{array_bytes, throw, Args};
use crate::value::Value;
use crate::vm::Jvm;

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    r.add("java/util/zip/CRC32", "update", "(II)I", |_, _, a| {
        Ok(Value::Int(crc32(a.int(0), &[a.int(1) as u8])))
    });
    r.add(
        "java/util/zip/CRC32",
        "updateBytes0",
        "(I[BII)I",
        |vm, _, a| {
            let bytes = array_bytes(vm, a.obj(1), a.int(2), a.int(3))?;
            Ok(Value::Int(crc32(a.int(0), &bytes)))
        },
    );
    r.add(
        "java/util/zip/CRC32",
        "updateByteBuffer0",
        "(IJII)I",
        |vm, _, a| {
            let bytes = native_bytes(vm, a.long(1), a.int(2), a.int(3))?;
            Ok(Value::Int(crc32(a.int(0), &bytes)))
        },
    );
    r.add("java/util/zip/Adler32", "update", "(II)I", |_, _, a| {
        Ok(Value::Int(adler32(a.int(0), &[a.int(1) as u8])))
    });
    r.add(
        "java/util/zip/Adler32",
        "updateBytes",
        "(I[BII)I",
        |vm, _, a| {
            let bytes = array_bytes(vm, a.obj(1), a.int(2), a.int(3))?;
            Ok(Value::Int(adler32(a.int(0), &bytes)))
        },
    );
    r.add(
        "java/util/zip/Adler32",
        "updateByteBuffer",
        "(IJII)I",
        |vm, _, a| {
            let bytes = native_bytes(vm, a.long(1), a.int(2), a.int(3))?;
            Ok(Value::Int(adler32(a.int(0), &bytes)))
        },
    );
}

/// `len` bytes of a direct buffer at `address + off`.
fn native_bytes(
    vm: &Jvm,
    address: i64,
    off: i32,
    len: i32,
) -> Result<Vec<u8>, crate::flow::NativeExit> {
    let start = (address as u64).wrapping_add(off.max(0) as u64);
    match vm
        .state
        .native_memory
        .read_bytes(start, len.max(0) as usize)
    {
        Some(bytes) => Ok(bytes),
        None => throw(
            "java/lang/InternalError",
            "direct buffer outside allocated memory",
        ),
    }
}

/// The reflected CRC-32 polynomial (ISO 3309, as zlib and `java.util.zip.CRC32`).
const CRC32_POLYNOMIAL: u32 = 0xedb8_8320;

/// One table entry per byte value, computed at compile time.
const CRC32_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                CRC32_POLYNOMIAL ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
};

/// The CRC-32 of `crc`'s data followed by `bytes` (zlib's `crc32`: the running value is
/// the finished checksum, inverted in and out).
fn crc32(crc: i32, bytes: &[u8]) -> i32 {
    let mut c = !(crc as u32);
    for &b in bytes {
        c = CRC32_TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
    }
    !c as i32
}

/// The largest prime below 2^16, Adler-32's modulus.
const ADLER_MODULUS: u32 = 65_521;

/// The Adler-32 of `adler`'s data followed by `bytes` (zlib's `adler32`).
fn adler32(adler: i32, bytes: &[u8]) -> i32 {
    let (mut a, mut b) = ((adler as u32) & 0xffff, (adler as u32) >> 16);
    // 5552 bytes is the most that cannot overflow 32 bits before reducing (zlib's NMAX).
    for chunk in bytes.chunks(5552) {
        for &x in chunk {
            a += u32::from(x);
            b += a;
        }
        a %= ADLER_MODULUS;
        b %= ADLER_MODULUS;
    }
    ((b << 16) | a) as i32
}

#[cfg(test)]
mod tests {
    use super::{adler32, crc32};

    #[test]
    fn checksums_match_the_published_check_values() {
        // The standard check input "123456789".
        assert_eq!(crc32(0, b"123456789") as u32, 0xcbf4_3926);
        assert_eq!(adler32(1, b"Wikipedia") as u32, 0x11e6_0398);
        // Running values continue where they left off.
        let split = crc32(crc32(0, b"1234"), b"56789");
        assert_eq!(split as u32, 0xcbf4_3926);
        let long = vec![0xffu8; 100_000];
        let mut a = 1;
        for chunk in long.chunks(7) {
            a = adler32(a, chunk);
        }
        assert_eq!(a, adler32(1, &long));
    }
}
