// The argument vector for `CommandLine`, in make's build (the static Swift
// runtime, Linux with glibc).
//
// The runtime's own definition of these two functions comes with a
// constructor that finds argv at every start by reading /proc/self/maps
// and scanning it line by line, because a library cannot otherwise reach
// argv outside main. glibc hands argc, argv and envp to every function in
// .init_array (Rust's standard library reads its arguments the same way),
// so defined here the runtime's object file is never linked, and its
// constructor never runs. A toolchain that renames them links its own
// again (slower, still correct); one that links both fails to link.
#include <stdlib.h>

#if defined(TREND_STATIC_RUNTIME) && defined(__linux__) && defined(__GLIBC__)

static char **loaderArgv;
static int loaderArgc;
static char **overrideArgv;
static int overrideArgc;

static void saveArguments(int argc, char **argv, char **envp) {
    (void)envp;
    loaderArgc = argc;
    loaderArgv = argv;
}

// Priority 101, the first a program may use: before the runtime's own
// constructors, in case one of them asks.
__attribute__((used, section(".init_array.00101")))
static void (*const saveArgumentsAtStart)(int, char **, char **) = saveArguments;

__attribute__((swiftcall, visibility("hidden")))
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overrideArgv = argv;
    overrideArgc = argc;
}

__attribute__((swiftcall, visibility("hidden")))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *noArguments[] = { NULL };
    if (overrideArgv) {
        *outArgLen = overrideArgc;
        return overrideArgv;
    }
    if (loaderArgv) {
        *outArgLen = loaderArgc;
        return loaderArgv;
    }
    *outArgLen = 0;
    return noArguments;
}
#endif
