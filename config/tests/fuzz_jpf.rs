//! Feeds thousands of mutated `.jpf` files (characters the syntax gives meaning to, cut and
//! repeated lines, references to other keys, splices of the seeds) through parsing, layering,
//! `${}` expansion and validation; none may panic, and an accepted file reads back with every
//! key at its type. `RPF_FUZZ_ITERATIONS` sets the budget (CI runs the default).

use std::panic::{catch_unwind, AssertUnwindSafe};

use rpf_config::{keys, ConfigBuilder};

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

const SEEDS: &[&str] = &[
    "target = app.Main\ntarget.args = a,b\nclasspath = ${config_path}/out:lib/x.jar\n\
     search.class = .search.heuristic.BFSHeuristic\nsearch.depth_limit = 50\n\
     search.time_limit = 90s\nsearch.memory_limit = 2g\nvm.max_transition = 5000\n\
     listener = rpf.ExecTracker,rpf.CoverageAnalyzer\nreport.progress = 5s\n",
    "k0 = x\nk1 = ${k0}${k0}\nk2 = ${k1}${k1}\nclasspath += ${k2}\n\
     vm.por = false\nvm.timeouts.delay = 250ms\nsearch.workers = auto\n",
    "# comment\n! other comment\nkey\\\n  continued = value \\u0041\n\
     search.multiple_errors\nsearch.max_errors = 3\nvm.stack_size = 256k\n\
     velocity.class = gov.nasa.jpf.vm.choice.IntIntervalGenerator\nvelocity.min = 0\n",
];

/// Fragments that the syntax or the keys give meaning to.
const FRAGMENTS: &[&str] = &[
    "${",
    "}",
    "${config_path}",
    "${k1}",
    "${env.HOME}",
    "=",
    "+=",
    ":",
    ",",
    "\\",
    "\n",
    "\\u00",
    "\\u12",
    " ",
    "#",
    "!",
    "@include=",
    "search.workers=",
    "vm.max_transition=",
    "report.progress=",
    "99999999999999999999h",
    "-1",
    "0",
    "auto",
    "1e309",
    "k",
    "search.time_limit=",
    "search.",
    "vm.",
    "\u{0}",
    "\u{feff}",
    "é",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(5) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 => {
                let fragment = FRAGMENTS[rng.below(FRAGMENTS.len())];
                chars.splice(at..at, fragment.chars());
            }
            1 if !chars.is_empty() => {
                let end = (at + 1 + rng.below(12)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            2 => {
                let other: Vec<char> = SEEDS[rng.below(SEEDS.len())].chars().collect();
                let from = rng.below(other.len());
                let to = (from + rng.below(40)).min(other.len());
                chars.splice(at..at, other[from..to].iter().copied());
            }
            3 if !chars.is_empty() => {
                let from = rng.below(chars.len());
                let to = (from + rng.below(30)).min(chars.len());
                let copy: Vec<char> = chars[from..to].to_vec();
                chars.splice(at..at, copy);
            }
            _ => chars.insert(at, char::from(rng.below(128) as u8)),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_jpf_files_never_panic() {
    let iterations: usize = std::env::var("RPF_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4000);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut accepted = 0;
    for i in 0..iterations {
        let text = mutate(&mut rng, SEEDS[i % SEEDS.len()]);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let built = ConfigBuilder::new()
                .text("fuzz.jpf", &text, Some(dir.path().to_path_buf()))
                .arguments(["+vm.output=false"])
                .build();
            let Ok(config) = built else {
                return false;
            };
            // Every key reads as its type or is refused with an error, never a panic.
            for key in keys::ALL {
                let _ = key.check(&config);
            }
            keys::validate(&config).errors.is_empty()
        }));
        match outcome {
            Ok(valid) => accepted += usize::from(valid),
            Err(_) => panic!("iteration {i} panicked on:\n{text}"),
        }
    }
    assert!(accepted > 0, "some mutants must be valid configurations");
}
