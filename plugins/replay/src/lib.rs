//! Choice traces: `rpf.TraceStorer` writes the choices of the current path to a file (on a
//! violation, at a depth, at a call or thread start) and `rpf.ChoiceSelector` replays such a
//! file by pruning every transition that leaves it, or, without a trace, simulates one
//! random path until a start condition holds and searches fully from there.

mod names;
mod replay;
mod selector;
mod simulation;
mod storer;
mod trace;

rpf_plugin_api::export_plugin!(
    "rpf-plugin-replay",
    [
        rpf_plugin_api::listener::<storer::TraceStorer>(
            "rpf.TraceStorer",
            &["gov.nasa.jpf.listener.TraceStorer"],
            "stores the choices of the current path to trace.file (on a violation, trace.depth, trace.store_calls, trace.store_threads)",
        ),
        rpf_plugin_api::listener::<selector::ChoiceSelector>(
            "rpf.ChoiceSelector",
            &["gov.nasa.jpf.listener.ChoiceSelector"],
            "replays a stored choice trace (choice.use_trace) or simulates random choices until choice.depth/calls/threads",
        ),
    ]
);
