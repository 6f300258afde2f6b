; Ludopia's Windows installer (NSIS 3, Modern UI). packaging/windows/build.sh runs
; makensis with VERSION (Cargo.toml's), VERSION_QUAD (the same as a.b.c.d for the
; version resource), STAGE (the folder holding ludopia.exe, ludopia.ico and
; LICENSE-Lato.txt) and OUTFILE; FAST_COMPRESSION for the tests' throwaway installer.
;
; A per-user install: no administrator prompt, into %LOCALAPPDATA%\Programs\Ludopia,
; with Start-menu and desktop shortcuts and an entry in "Installed apps", and the
; ludopia:// URL scheme (invite links) registered for this user.
; `setup.exe /S` installs silently; `Uninstall.exe /S` removes it silently.

; A 64-bit installer for a 64-bit program (it also runs under a Wine without
; 32-bit support, as the CI's test does).
Target amd64-unicode
!ifdef FAST_COMPRESSION
  SetCompressor zlib
!else
  SetCompressor /SOLID lzma
!endif
RequestExecutionLevel user

!include "MUI2.nsh"

!define APP "Ludopia"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"
; Per-user URL scheme: HKCU\Software\Classes needs no administrator.
!define SCHEME_KEY "Software\Classes\ludopia"

Name "${APP} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "Software\${APP}" "InstallDir"

VIProductVersion "${VERSION_QUAD}"
VIFileVersion "${VERSION_QUAD}"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP} ${VERSION} setup"
VIAddVersionKey "LegalCopyright" "The Ludopia developers, MIT OR Apache-2.0"

!define MUI_ICON "${STAGE}\ludopia.ico"
!define MUI_UNICON "${STAGE}\ludopia.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\ludopia.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "Ludopia" Main
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "${STAGE}\ludopia.exe"
  File "${STAGE}\ludopia.ico"
  File "${STAGE}\LICENSE-Lato.txt"
  WriteUninstaller "$INSTDIR\Uninstall.exe"

  CreateShortCut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\ludopia.exe" "" "$INSTDIR\ludopia.exe" 0
  CreateShortCut "$DESKTOP\${APP}.lnk" "$INSTDIR\ludopia.exe" "" "$INSTDIR\ludopia.exe" 0

  WriteRegStr HKCU "Software\${APP}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\ludopia.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The Ludopia developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1

  ; Invite links: a browser or chat opening ludopia://join/<ticket> starts
  ; `ludopia.exe <link>`, which opens at the join screen.
  WriteRegStr HKCU "${SCHEME_KEY}" "" "URL:Ludopia invite"
  WriteRegStr HKCU "${SCHEME_KEY}" "URL Protocol" ""
  WriteRegStr HKCU "${SCHEME_KEY}\DefaultIcon" "" "$INSTDIR\ludopia.exe,0"
  WriteRegStr HKCU "${SCHEME_KEY}\shell\open\command" "" '"$INSTDIR\ludopia.exe" "%1"'
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  Delete "$INSTDIR\ludopia.exe"
  Delete "$INSTDIR\ludopia.ico"
  Delete "$INSTDIR\LICENSE-Lato.txt"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\${APP}"
  DeleteRegKey HKCU "${SCHEME_KEY}"
  ; The player's profile and log (%APPDATA%\Ludopia) stay: reinstalling keeps them.
SectionEnd
