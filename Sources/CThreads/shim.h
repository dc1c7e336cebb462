// Thread placement on Linux, which the Glibc module leaves out (glibc
// declares these only for _GNU_SOURCE, and CPU_SET and its kin are
// macros), and the pause of a waiting loop. Elsewhere the module is empty
// and unused.
#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <sys/types.h>

int sched_getcpu(void);
int sched_getaffinity(pid_t, size_t, cpu_set_t *);
int pthread_attr_setaffinity_np(pthread_attr_t *, size_t, const cpu_set_t *);

/// Restricts a thread about to be created to the CPUs the calling thread
/// may use, less the one it is running on: 0 when done, 1 when there is no
/// other CPU (nothing changed), -1 when the kernel would not say, or the
/// error pthread_attr_setaffinity_np gave.
static inline int trend_thread_elsewhere(pthread_attr_t *attributes) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    int here = sched_getcpu();
    size_t width = 8 * sizeof allowed.__bits[0];
    if (here < 0 || (size_t)here >= 8 * sizeof allowed) return -1;
    allowed.__bits[(size_t)here / width] &= ~((__typeof__(allowed.__bits[0]))1 << ((size_t)here % width));
    int any = 0;
    for (size_t i = 0; i < sizeof allowed.__bits / sizeof allowed.__bits[0]; i++) any |= allowed.__bits[i] != 0;
    if (!any) return 1;
    return pthread_attr_setaffinity_np(attributes, sizeof allowed, &allowed);
}

/// Tells the core this thread is in a waiting loop: it yields the core's
/// shared resources and saves power, where Swift has no way to say so.
static inline void trend_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}
#endif
