/*
 * Test support only: a stand-in for Windows 10's bcryptprimitives.dll,
 * which Wine 8.0 lacks. Rust's standard library imports ProcessPrng from
 * it for its random hash seeds; this forwards the call to RtlGenRandom
 * (advapi32's SystemFunction036), which Wine has. Windows 10 and later
 * have the real library: nothing of this ships.
 *
 * Built by tests/windows/smoke.py with MinGW:
 *   x86_64-w64-mingw32-gcc -shared -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x7fffffff ? 0x7fffffff : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
