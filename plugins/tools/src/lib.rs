//! Tool listeners: bytecode/line/branch coverage, the explored state graph as Graphviz DOT,
//! event statistics, a live-thread limit property, and an execution tracker that prints transitions and instructions as
//! they run.

mod coverage;
mod dot;
mod events;
mod threads;
mod tracker;

rpf_plugin_api::export_plugin!(
    "rpf-plugin-tools",
    [
        rpf_plugin_api::listener::<coverage::Coverage>(
            "rpf.Coverage",
            &["gov.nasa.jpf.listener.CoverageAnalyzer"],
            "bytecode, line and branch coverage per class and method (console table, JSON report)",
        ),
        rpf_plugin_api::listener::<dot::StateSpaceDot>(
            "rpf.StateSpaceDot",
            &["gov.nasa.jpf.listener.StateSpaceDot"],
            "writes the explored state graph as Graphviz DOT (statespace.file)",
        ),
        rpf_plugin_api::listener::<events::EventCounter>(
            "rpf.EventCounter",
            &[],
            "counts every event kind (events.instructions=true adds instruction events)",
        ),
        rpf_plugin_api::property::<threads::ThreadLimit>(
            "rpf.ThreadLimit",
            &[],
            "property: at most threads.max threads alive in any state",
        ),
        rpf_plugin_api::listener::<tracker::ExecTracker>(
            "rpf.ExecTracker",
            &["gov.nasa.jpf.listener.ExecTracker"],
            "prints every transition and executed instruction (et.print_insn, et.show_system)",
        ),
    ]
);
