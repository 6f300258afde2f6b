/* Test-only stand-in for Windows' bcryptprimitives.dll, which Debian 12's
 * Wine 8.0 lacks: Rust's standard library (since 1.78) imports ProcessPrng from
 * it, so without this the program stops at load under that Wine. Real Windows
 * (8 and later) has the DLL; the installer never ships this.
 * packaging/test.sh builds it with mingw-w64 and puts it beside the installed
 * ludopia.exe. */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x10000 ? 0x10000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
