fn main() {
    std::process::exit(ludopia::cli::run());
}
