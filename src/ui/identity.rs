//! What the desktop knows the window by: its X11 class (`WM_CLASS`), which
//! must match `StartupWMClass` in resources/ludopia.desktop for a dock to
//! group the window under the launcher's icon, and the icon it carries
//! (`_NET_WM_ICON` on X11, the title bar and taskbar on Windows).

use iced::window;

/// The X11 class and instance name, and the desktop entry's basename.
#[cfg(target_os = "linux")]
pub const CLASS: &str = "ludopia";

/// The icon's side in pixels: a dock scales it; 64 stays sharp at the
/// common sizes and costs 16 KiB.
const ICON_SIDE: u32 = 64;

/// resources/icons/ludopia-64.png as raw RGBA (resources/icons/make-icons.sh):
/// this build of iced decodes no PNG.
static ICON_RGBA: &[u8] = include_bytes!("../../resources/icons/ludopia-64.rgba");

/// The window's icon. None only if the committed file were the wrong size,
/// which `the_icon_is_whole` catches; the window then opens without one.
pub fn icon() -> Option<window::Icon> {
    window::icon::from_rgba(ICON_RGBA.to_vec(), ICON_SIDE, ICON_SIDE).ok()
}

#[cfg(target_os = "linux")]
pub fn platform() -> window::settings::PlatformSpecific {
    window::settings::PlatformSpecific { application_id: CLASS.to_string(), ..Default::default() }
}

/// Elsewhere the class is the executable's (Windows groups by it).
#[cfg(not(target_os = "linux"))]
pub fn platform() -> window::settings::PlatformSpecific {
    window::settings::PlatformSpecific::default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_icon_is_whole() {
        assert_eq!(super::ICON_RGBA.len(), 64 * 64 * 4);
        assert!(super::icon().is_some());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_class_is_the_desktop_entrys() {
        let entry = include_str!("../../resources/ludopia.desktop");
        assert!(entry.lines().any(|l| l == format!("StartupWMClass={}", super::CLASS)), "{entry}");
    }
}
