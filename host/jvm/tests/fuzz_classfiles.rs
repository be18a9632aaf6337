//! Feeds thousands of mutated class files (bit flips, byte changes, truncations, insertions,
//! splices) through parsing and linking; none may panic. Seeds are real classes: rpf's models
//! and classes from the installed JDK's module image.

use std::panic::{catch_unwind, AssertUnwindSafe};

use rpf_jvm::classfile::ClassFile;
use rpf_jvm::classpath::{find_java_home, ClassPath};

/// A small deterministic generator so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds: Vec<(String, Vec<u8>)> = ClassPath::model_names()
        .filter_map(|n| ClassPath::model(n).map(|b| (n.to_string(), b.to_vec())))
        .collect();
    if let Ok(home) = find_java_home(None) {
        let cp = ClassPath::new(&[], Some(&home.modules())).expect("open JDK image");
        for name in [
            "java/lang/Object",
            "java/lang/String",
            "java/util/HashMap",
            "java/util/concurrent/ConcurrentHashMap",
            "java/lang/invoke/MethodHandles",
            "java/lang/Record",
            "java/util/stream/Collectors",
        ] {
            if let Ok(Some(found)) = cp.find(name) {
                seeds.push((name.to_string(), found.bytes));
            }
        }
    }
    assert!(seeds.len() >= 3, "need seed class files");
    seeds
}

fn mutate(rng: &mut Rng, original: &[u8], all: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut bytes = original.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        if bytes.is_empty() {
            bytes.push(0);
        }
        let at = rng.below(bytes.len());
        match rng.below(7) {
            0 => bytes[at] ^= 1 << rng.below(8),
            1 => bytes[at] = rng.next() as u8,
            2 => bytes.truncate(at),
            3 => bytes.insert(at, rng.next() as u8),
            4 => {
                let end = (at + 1 + rng.below(16)).min(bytes.len());
                bytes.drain(at..end);
            }
            5 => {
                // Interesting values in a 16-bit field (counts, indices, lengths).
                let v: u16 = [0, 1, 0x7fff, 0x8000, 0xffff][rng.below(5)];
                if at + 1 < bytes.len() {
                    bytes[at..at + 2].copy_from_slice(&v.to_be_bytes());
                }
            }
            _ => {
                let (_, other) = &all[rng.below(all.len())];
                if !other.is_empty() {
                    let from = rng.below(other.len());
                    let len = rng.below(64).min(other.len() - from);
                    bytes.splice(at..at, other[from..from + len].iter().copied());
                }
            }
        }
    }
    bytes
}

#[test]
fn mutated_class_files_never_panic() {
    let seeds = seeds();
    let iterations: usize = std::env::var("RPF_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut rejected = 0usize;
    for i in 0..iterations {
        let (name, original) = &seeds[i % seeds.len()];
        let input = mutate(&mut rng, original, &seeds);
        let outcome = catch_unwind(AssertUnwindSafe(|| ClassFile::parse(&input).is_err()));
        match outcome {
            Ok(true) => rejected += 1,
            Ok(false) => {}
            Err(_) => {
                let path = std::env::temp_dir().join(format!("rpf-fuzz-crash-{i}.class"));
                let _ = std::fs::write(&path, &input);
                panic!(
                    "iteration {i} (mutant of {name}) panicked; input saved to {}",
                    path.display()
                );
            }
        }
    }
    // Most mutants must be caught by validation; a parser that accepts everything is broken.
    assert!(
        rejected > iterations / 4,
        "only {rejected} of {iterations} mutants were rejected"
    );
}

#[test]
fn mutants_that_parse_also_link_without_panicking() {
    use rpf_jvm::loader::Classes;
    use rpf_jvm::natives::registry::NativeRegistry;
    let seeds = seeds();
    let image = find_java_home(None).ok().map(|h| h.modules());
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut linked = 0usize;
    let mut attempts = 0usize;
    while linked < 300 && attempts < 50_000 {
        attempts += 1;
        let (name, original) = &seeds[attempts % seeds.len()];
        let input = mutate(&mut rng, original, &seeds);
        let Ok(parsed) = ClassFile::parse(&input) else {
            continue;
        };
        // Serve the mutant from a user class path directory under its own name.
        let file = dir.path().join(format!("{}.class", parsed.name));
        if parsed.name.contains("..")
            || std::fs::create_dir_all(file.parent().unwrap_or(dir.path())).is_err()
        {
            continue;
        }
        if std::fs::write(&file, &input).is_err() {
            continue;
        }
        let classpath =
            ClassPath::new(&[dir.path().to_path_buf()], image.as_deref()).expect("class path");
        let (_, natives) = NativeRegistry::<rpf_jvm::Plain>::standard().split();
        let mut classes = Classes::new(classpath, natives);
        let outcome = catch_unwind(AssertUnwindSafe(|| classes.load(&parsed.name).is_ok()));
        let _ = std::fs::remove_file(&file);
        if outcome.is_err() {
            let path = std::env::temp_dir().join(format!("rpf-fuzz-link-crash-{attempts}.class"));
            let _ = std::fs::write(&path, &input);
            panic!(
                "linking a mutant of {name} panicked; input saved to {}",
                path.display()
            );
        }
        linked += 1;
    }
    assert!(
        linked > 50,
        "too few mutants parsed to exercise linking ({linked})"
    );
}

#[test]
fn truncations_of_every_length_are_rejected_cleanly() {
    let seeds = seeds();
    let (_, bytes) = &seeds[0];
    for len in 0..bytes.len() {
        let result = catch_unwind(|| ClassFile::parse(&bytes[..len]));
        match result {
            Ok(Err(e)) => assert!(!e.0.is_empty()),
            Ok(Ok(_)) => panic!("a class truncated to {len} of {} bytes parsed", bytes.len()),
            Err(_) => panic!("truncation to {len} bytes panicked"),
        }
    }
}
