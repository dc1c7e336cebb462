// glibc's malloc tuning (mallopt), which the Glibc module leaves out. Where
// there is no <malloc.h> (macOS) the module is empty and unused.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
