//! The engine's strategies on small models.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::Rng;
use crate::{
    heuristic, DropPolicy, Limits, Model, NoObserver, Ops, Outcome, Report, Search, SharedSearch,
    StopReason, Strategy,
};

/// A grid walk: state (x, y) in [0, n)^2, ops: right, up. Error at `target`.
struct Grid {
    n: u8,
    starts: Vec<(u8, u8)>,
    target: Option<(u8, u8)>,
    prune: Option<(u8, u8)>,
}

impl Model for Grid {
    type State = (u8, u8);
    type Op = char;
    type Error = (u8, u8);
    fn initial_states(&mut self) -> Vec<(u8, u8)> {
        self.starts.clone()
    }
    fn operations(&mut self, s: &(u8, u8)) -> Ops<char> {
        let mut ops = Ops::new();
        if s.0 + 1 < self.n {
            ops.push('R');
        }
        if s.1 + 1 < self.n {
            ops.push('U');
        }
        ops
    }
    fn apply(&mut self, s: &(u8, u8), op: &char) -> Outcome<(u8, u8), (u8, u8)> {
        let next = if *op == 'R' {
            (s.0 + 1, s.1)
        } else {
            (s.0, s.1 + 1)
        };
        if Some(next) == self.prune {
            return Outcome::Pruned;
        }
        if Some(next) == self.target {
            return Outcome::Error(next, next);
        }
        Outcome::Next(next)
    }
    fn hash(&mut self, s: &(u8, u8)) -> Option<u128> {
        Some(u128::from(s.0) << 8 | u128::from(s.1))
    }
}

fn grid(n: u8) -> Grid {
    Grid {
        n,
        starts: vec![(0, 0)],
        target: None,
        prune: None,
    }
}

/// Runs `workers` workers on their own grids and merges their reports.
fn parallel(
    workers: usize,
    strategy: Strategy<(u8, u8)>,
    make: impl Fn() -> Grid + Sync,
) -> Report<char, (u8, u8)> {
    let search = Search::new(strategy).with_limits(Limits {
        max_errors: 1,
        ..Limits::default()
    });
    let shared = SharedSearch::new(workers);
    let reports: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (search, shared, make) = (&search, &shared, &make);
                scope.spawn(move || search.run_worker(&mut make(), &mut NoObserver, shared, w))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    Report::merge(reports, &shared, 1)
}

#[test]
fn workers_split_the_state_space_without_changing_it() {
    for strategy in [Strategy::DepthFirst, Strategy::Random { seed: 3 }] {
        let alone = Search::new(strategy.clone()).run(&mut grid(60));
        let together = parallel(3, strategy.clone(), || grid(60));
        assert_eq!(together.unique_states, 3600, "{strategy:?}");
        assert_eq!(together.unique_states, alone.unique_states);
        assert_eq!(together.transitions, alone.transitions, "{strategy:?}");
        assert_eq!(together.end_states, 1);
        assert_eq!(together.max_depth, 118);
        assert!(together.is_complete());
    }
}

#[test]
fn an_error_found_by_any_worker_ends_every_worker_with_a_replayable_path() {
    let with_target = || Grid {
        target: Some((30, 35)),
        ..grid(40)
    };
    let report = parallel(2, Strategy::DepthFirst, with_target);
    assert_eq!(report.stop, StopReason::MaxErrors);
    assert_eq!(report.errors.len(), 1);
    let error = &report.errors[0];
    assert_eq!(error.error, (30, 35));
    let replay = Search::new(Strategy::Path(error.indices.clone())).run(&mut with_target());
    assert_eq!(replay.errors.len(), 1);
    assert_eq!(replay.errors[0].error, (30, 35));
}

#[test]
fn every_strategy_explores_the_whole_grid() {
    for strategy in [
        Strategy::DepthFirst,
        Strategy::BreadthFirst,
        Strategy::Random { seed: 7 },
        Strategy::best_first(|s: &(u8, u8), _| -i64::from(s.0 + s.1)),
    ] {
        let report = Search::new(strategy.clone()).run(&mut grid(5));
        assert_eq!(report.unique_states, 25, "{strategy:?}");
        assert_eq!(report.end_states, 1, "{strategy:?}");
        assert!(report.is_complete());
        assert_eq!(report.max_depth, 8);
        assert_eq!(report.transitions, 40, "{strategy:?}");
    }
}

#[test]
fn best_first_expands_what_the_heuristic_ranks_first() {
    let mut model = grid(20);
    model.target = Some((19, 19));
    let bfs = Search::new(Strategy::BreadthFirst).run(&mut model);
    let shallow = Search::new(Strategy::best_first(heuristic::BreadthFirst)).run(&mut model);
    let deep = Search::new(Strategy::best_first(heuristic::DepthFirst)).run(&mut model);
    assert_eq!(shallow.errors[0].path.len(), 38);
    assert_eq!(deep.errors[0].path.len(), 38);
    assert_eq!(
        (shallow.unique_states, shallow.transitions),
        (bfs.unique_states, bfs.transitions),
        "the breadth-first heuristic makes best-first search breadth-first"
    );
    assert!(
        deep.unique_states < 100 && bfs.unique_states > 300,
        "deep states first reach the far corner sooner: {} vs {}",
        deep.unique_states,
        bfs.unique_states
    );
    let named = Strategy::<(u8, u8)>::best_first(heuristic::DepthFirst);
    assert_eq!(format!("{named:?}"), "BestFirst(DepthFirst)");
}

#[test]
fn error_paths_start_from_the_initial_state_they_were_found_from() {
    // Only the second start reaches the target: (2,0) R (3,0) U (3,1).
    let model = || Grid {
        starts: vec![(0, 3), (2, 0)],
        target: Some((3, 1)),
        ..grid(4)
    };
    for strategy in [
        Strategy::DepthFirst,
        Strategy::BreadthFirst,
        Strategy::best_first(heuristic::BreadthFirst),
    ] {
        let report = Search::new(strategy.clone()).run(&mut model());
        let error = &report.errors[0];
        assert_eq!(error.initial, 1, "{strategy:?}");
        assert_eq!(error.path, ['R', 'U'], "{strategy:?}");
    }
}

#[test]
fn errors_carry_replayable_paths() {
    let mut model = grid(4);
    model.target = Some((2, 3));
    let report = Search::new(Strategy::DepthFirst).run(&mut model);
    assert_eq!(report.stop, StopReason::MaxErrors);
    let e = &report.errors[0];
    assert_eq!(e.error, (2, 3));
    let replay = Search::new(Strategy::Path(e.indices.clone())).run(&mut model);
    assert_eq!(replay.errors.len(), 1);
    assert_eq!(replay.errors[0].path, e.path);
    let bfs = Search::new(Strategy::BreadthFirst).run(&mut model);
    assert_eq!(
        bfs.errors[0].path.len(),
        5,
        "breadth-first finds a shortest path"
    );
}

#[test]
fn limits_stop_the_search() {
    let depth = Search::new(Strategy::DepthFirst)
        .with_limits(Limits {
            max_depth: Some(3),
            ..Limits::default()
        })
        .run(&mut grid(6));
    assert!(depth.truncated && !depth.is_complete());
    assert_eq!(depth.max_depth, 3);
    let states = Search::new(Strategy::DepthFirst)
        .with_limits(Limits {
            max_states: Some(10),
            ..Limits::default()
        })
        .run(&mut grid(6));
    assert_eq!(states.stop, StopReason::MaxStates);
    let time = Search::new(Strategy::BreadthFirst)
        .with_limits(Limits {
            time_limit: Some(Duration::ZERO),
            ..Limits::default()
        })
        .run(&mut grid(30));
    assert_eq!(time.stop, StopReason::TimeLimit);
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        interrupt: Some(Arc::clone(&flag)),
        ..Limits::default()
    };
    let calm = Search::new(Strategy::DepthFirst)
        .with_limits(limits.clone())
        .run(&mut grid(6));
    assert!(calm.is_complete());
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    for strategy in [Strategy::DepthFirst, Strategy::BreadthFirst] {
        let interrupted = Search::new(strategy)
            .with_limits(limits.clone())
            .run(&mut grid(6));
        assert_eq!(interrupted.stop, StopReason::Interrupted);
        assert!(!interrupted.is_complete());
    }
    let mut model = grid(6);
    model.target = Some((5, 5));
    let many = Search::new(Strategy::DepthFirst)
        .with_limits(Limits {
            max_errors: 100,
            ..Limits::default()
        })
        .run(&mut model);
    assert_eq!(many.errors.len(), 2, "reached from (4,5) and (5,4)");
}

/// A grid whose steps take a millisecond each and which asks the engine to look at its
/// limits after every one (as a model that watches the clock during long steps does).
struct SlowGrid(Grid);

impl Model for SlowGrid {
    type State = (u8, u8);
    type Op = char;
    type Error = (u8, u8);
    fn initial_states(&mut self) -> Vec<(u8, u8)> {
        self.0.initial_states()
    }
    fn operations(&mut self, s: &(u8, u8)) -> Ops<char> {
        self.0.operations(s)
    }
    fn apply(&mut self, s: &(u8, u8), op: &char) -> Outcome<(u8, u8), (u8, u8)> {
        std::thread::sleep(Duration::from_millis(1));
        self.0.apply(s, op)
    }
    fn hash(&mut self, s: &(u8, u8)) -> Option<u128> {
        self.0.hash(s)
    }
    fn limits_due(&mut self) -> bool {
        true
    }
}

#[test]
fn a_model_can_have_the_limits_looked_at_after_any_step() {
    let report = Search::new(Strategy::DepthFirst)
        .with_limits(Limits {
            time_limit: Some(Duration::from_millis(5)),
            ..Limits::default()
        })
        .run(&mut SlowGrid(grid(30)));
    assert_eq!(report.stop, StopReason::TimeLimit);
    // Without the model's say the next look would be after 256 steps.
    assert!(report.transitions < 100, "{} steps", report.transitions);
}

#[test]
fn queue_limits_drop_states_and_pruning_counts() {
    for drop in [DropPolicy::Newest, DropPolicy::Oldest, DropPolicy::Random] {
        let report = Search::new(Strategy::BreadthFirst)
            .with_limits(Limits {
                queue_limit: Some(2),
                drop,
                ..Limits::default()
            })
            .run(&mut grid(6));
        assert!(report.dropped > 0, "{drop:?}");
        assert!(!report.is_complete());
    }
    let mut model = grid(3);
    model.prune = Some((1, 0));
    let report = Search::new(Strategy::DepthFirst).run(&mut model);
    assert_eq!(report.pruned, 1);
    assert_eq!(report.unique_states, 7, "(1,0) and (2,0) are cut off");
}

#[test]
fn simulation_follows_one_path() {
    let report = Search::new(Strategy::Simulation { seed: 3 }).run(&mut grid(5));
    assert_eq!(report.stop, StopReason::PathEnd);
    assert_eq!(report.max_depth, 8);
    assert_eq!(report.transitions, 8);
}

/// Actors running straight-line programs over a few shared variables: each step sets
/// one variable from another and may wait for a third to be non-zero. Steps commute
/// when neither writes what the other reads or writes, which the model reports exactly,
/// so sleep sets must find every state that a search without them finds.
struct Programs {
    programs: Vec<Vec<ProgramStep>>,
    /// Whether an actor starts over after its last step (cycles in the state space).
    looping: Vec<bool>,
    variables: usize,
    sleep_sets: bool,
}

#[derive(Debug, Clone, Copy)]
struct ProgramStep {
    target: usize,
    source: usize,
    add: u8,
    guard: Option<usize>,
}

/// Program counters and variables, and the step that led here (actor, reads, writes).
type ProgramState = std::rc::Rc<(Vec<u8>, Vec<u8>, Option<(u32, u32, u32)>)>;

impl Programs {
    fn random(seed: u64, sleep_sets: bool) -> Programs {
        let mut rng = Rng(seed);
        let variables = 2 + rng.below(2);
        let actors = 3 + rng.below(2);
        let programs = (0..actors)
            .map(|_| {
                (0..1 + rng.below(4))
                    .map(|_| ProgramStep {
                        target: rng.below(variables),
                        source: rng.below(variables),
                        add: rng.below(3) as u8,
                        guard: (rng.below(3) == 0).then(|| rng.below(variables)),
                    })
                    .collect()
            })
            .collect();
        let looping = (0..actors).map(|_| rng.below(2) == 0).collect();
        Programs {
            programs,
            looping,
            variables,
            sleep_sets,
        }
    }

    fn step_of(&self, s: &ProgramState, actor: usize) -> Option<ProgramStep> {
        let step = *self.programs[actor].get(usize::from(s.0[actor]))?;
        match step.guard {
            Some(g) if s.1[g] == 0 => None,
            _ => Some(step),
        }
    }
}

impl Model for Programs {
    type State = ProgramState;
    type Op = usize;
    type Error = ();
    fn initial_states(&mut self) -> Vec<ProgramState> {
        let start = (vec![0; self.programs.len()], vec![1; self.variables], None);
        vec![std::rc::Rc::new(start)]
    }
    fn operations(&mut self, s: &ProgramState) -> Ops<usize> {
        (0..self.programs.len())
            .filter(|&a| self.step_of(s, a).is_some())
            .collect()
    }
    fn apply(&mut self, s: &ProgramState, op: &usize) -> Outcome<ProgramState, ()> {
        let Some(step) = self.step_of(s, *op) else {
            return Outcome::Pruned;
        };
        let (mut pcs, mut vars) = (s.0.clone(), s.1.clone());
        pcs[*op] += 1;
        if self.looping[*op] && usize::from(pcs[*op]) == self.programs[*op].len() {
            pcs[*op] = 0;
        }
        vars[step.target] = (vars[step.source] + step.add) % 3;
        let reads = 1 << step.source | step.guard.map_or(0, |g| 1 << g);
        let footprint = (*op as u32, reads, 1 << step.target);
        Outcome::Next(std::rc::Rc::new((pcs, vars, Some(footprint))))
    }
    fn hash(&mut self, s: &ProgramState) -> Option<u128> {
        let words = s.0.iter().chain(&s.1);
        Some(words.fold(1u128, |h, &x| h * 7 + u128::from(x)))
    }
    fn actor(&self, _: &ProgramState, op: &usize) -> Option<u32> {
        self.sleep_sets.then_some(*op as u32)
    }
    fn commute(&self, earlier: &ProgramState, later: &ProgramState) -> bool {
        match (earlier.2, later.2) {
            (Some((a, ar, aw)), Some((b, br, bw))) => a != b && aw & (br | bw) == 0 && bw & ar == 0,
            _ => false,
        }
    }
}

#[test]
fn sleep_sets_take_fewer_steps_to_the_same_states() {
    let (mut fewer, mut seeds) = (0, 0);
    for seed in 0..1000 {
        let plain = Search::new(Strategy::DepthFirst).run(&mut Programs::random(seed, false));
        for strategy in [Strategy::DepthFirst, Strategy::Random { seed }] {
            let asleep = Search::new(strategy).run(&mut Programs::random(seed, true));
            assert_eq!(asleep.unique_states, plain.unique_states, "seed {seed}");
            assert_eq!(asleep.end_states, plain.end_states, "seed {seed}");
            assert!(asleep.transitions <= plain.transitions, "seed {seed}");
            fewer += usize::from(asleep.transitions < plain.transitions);
        }
        seeds += 1;
    }
    assert!(
        fewer > seeds,
        "sleep sets should save steps in most programs: {fewer}"
    );
}

/// A grid whose observer asks, on hearing that `ignore` was reached, that it not be
/// explored further.
struct IgnoringGrid {
    grid: Grid,
    ignore: (u8, u8),
    requested: bool,
}

impl Model for IgnoringGrid {
    type State = (u8, u8);
    type Op = char;
    type Error = (u8, u8);
    fn initial_states(&mut self) -> Vec<(u8, u8)> {
        self.grid.initial_states()
    }
    fn operations(&mut self, s: &(u8, u8)) -> Ops<char> {
        self.grid.operations(s)
    }
    fn apply(&mut self, s: &(u8, u8), op: &char) -> Outcome<(u8, u8), (u8, u8)> {
        self.grid.apply(s, op)
    }
    fn hash(&mut self, s: &(u8, u8)) -> Option<u128> {
        self.grid.hash(s)
    }
    fn notify(&mut self, event: crate::Event, state: Option<&(u8, u8)>) -> Option<(u8, u8)> {
        if matches!(event, crate::Event::Advanced { .. }) && state == Some(&self.ignore) {
            self.requested = true;
        }
        None
    }
    fn take_ignore(&mut self) -> bool {
        std::mem::take(&mut self.requested)
    }
}

#[test]
fn a_state_ignored_when_reached_is_visited_but_not_expanded() {
    for strategy in [Strategy::DepthFirst, Strategy::BreadthFirst] {
        let mut model = IgnoringGrid {
            grid: grid(3),
            ignore: (1, 0),
            requested: false,
        };
        // (2, 0) is only reachable through (1, 0).
        model.grid.target = Some((2, 0));
        let report = Search::new(strategy.clone()).run(&mut model);
        assert!(
            report.errors.is_empty(),
            "{strategy:?}: {:?}",
            report.errors
        );
        assert_eq!(report.pruned, 1, "{strategy:?}");
        assert_eq!(
            report.unique_states, 8,
            "{strategy:?}: (1, 0) is visited, (2, 0) is not; (1, 1) is reached from (0, 1)"
        );
    }
    // Ignoring another state leaves the error where it was.
    let mut model = IgnoringGrid {
        grid: grid(3),
        ignore: (0, 1),
        requested: false,
    };
    model.grid.target = Some((2, 0));
    let report = Search::new(Strategy::DepthFirst).run(&mut model);
    assert_eq!(report.errors.len(), 1);
}
