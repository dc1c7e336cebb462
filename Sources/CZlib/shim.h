// The system zlib: it ships with macOS and every Linux (SPEC §10). Used to
// inflate Apple Health's export.zip while scanning it.
#include <zlib.h>
