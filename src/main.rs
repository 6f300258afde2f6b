fn main() {
    // Output piped into a program that stops reading (`ludopia verify F | head`)
    // ends us quietly, as it does any command-line tool, instead of a panic.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(ludopia::cli::run());
}
