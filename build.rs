//! Gives the Windows executable its icon and version resource (Explorer, the
//! taskbar and the installer's shortcuts show them); other targets need nothing.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=resources/icons/ludopia.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    // The version fields come from Cargo.toml's version, the one `--version` prints.
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("resources/icons/ludopia.ico")
        .set("ProductName", "Ludopia")
        .set("FileDescription", "Ludopia")
        .set("OriginalFilename", "ludopia.exe");
    if let Err(e) = resource.compile() {
        // A build script reports failure by exiting non-zero with its reason.
        eprintln!("the Windows resource could not be compiled (is mingw-w64's windres installed?): {e}");
        std::process::exit(1);
    }
}
