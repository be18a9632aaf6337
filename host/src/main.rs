//! The `rpf` executable.

#[global_allocator]
static ALLOCATOR: rpf::allocator::Allocator = rpf::allocator::Allocator;

fn main() {
    std::process::exit(rpf::cli::main());
}
