// The argument vector as the loader passed it: see ArgumentVector.c.
// Nothing to call from Swift; `CommandLine` reads it.
