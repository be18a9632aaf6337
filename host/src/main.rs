//! The `rpf` executable.

fn main() {
    std::process::exit(rpf::cli::main());
}
