# trend: build, install and uninstall like any command-line tool (SPEC §14).
#
#   make                          the release binary
#   sudo make install             into /usr/local
#   make install PREFIX=$HOME/.local  for one user, no root needed
#   make uninstall                (with the same PREFIX) removes exactly those files
#
# DESTDIR stages an install (packages); TREND=path installs a binary built
# already instead of building one.

PREFIX ?= /usr/local
DESTDIR ?=

# The paths are pasted into shell commands below: one holding a $, a
# backtick, a quote or a line break would be expanded or run by the shell
# (PREFIX='/opt/$HOME' installed to /opt/OME), so such a path is refused,
# read as it was given (`value`, before make expands it). Spaces work.
define newline


endef
unsafe_in = $(or $(findstring $$,$(value $(1))),$(findstring `,$(value $(1))),$(findstring ',$(value $(1))),$(findstring ",$(value $(1))),$(findstring $(newline),$(value $(1))))
$(foreach variable,PREFIX DESTDIR,$(if $(call unsafe_in,$(variable)),$(error $(variable) must not hold $$, a backtick, a quote or a line break; give the path as it is, spaces are fine)))
# zsh passes PREFIX=~/.local on unexpanded: a ~ at its start is the home directory.
override PREFIX := $(patsubst ~%,$(HOME)%,$(PREFIX))
SWIFT ?= swift
INSTALL ?= install

# On Linux the Swift runtime is linked in (Package.swift does it for every
# release build): the binary runs on machines without Swift and starts
# fastest. --disable-local-rpath drops the $ORIGIN library path, which such
# a binary never uses but the loader would search. TREND_STATIC_RUNTIME
# links the C++ runtime and the unwinder in too (Package.swift,
# staticRuntime): the loader maps only libc, libm and libz. Only the link
# differs from the plain build, so after one the other only links.
SWIFT_BUILD_FLAGS ?= -c release --disable-local-rpath
ifeq ($(shell uname -s),Linux)
build_env := TREND_STATIC_RUNTIME=1 
endif

bindir := $(DESTDIR)$(PREFIX)/bin
man1dir := $(DESTDIR)$(PREFIX)/share/man/man1
bashdir := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# The licences: trend's, and the chart font's built into the binary.
docdir := $(DESTDIR)$(PREFIX)/share/doc/trend

ifeq ($(TREND),)
built = $(shell $(build_env)$(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/trend
build_first = build
else
built = $(TREND)
build_first =
endif

.PHONY: all build binary-path build-command install uninstall test clean

all: build

build:
	$(build_env)$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# Where the binary `make install` installs is: what Benchmarks/run times.
binary-path:
	@echo "$(built)"

# The whole build command, as Benchmarks/RESULTS.md names it.
build-command:
	@echo "$(build_env)$(SWIFT) build $(SWIFT_BUILD_FLAGS)"

# The completions come from the binary being installed, so they always
# match its commands and options.
install: $(build_first)
	$(INSTALL) -d "$(bindir)" "$(man1dir)" "$(bashdir)" "$(zshdir)" "$(fishdir)" "$(docdir)"
	$(INSTALL) -m 755 "$(built)" "$(bindir)/trend"
	$(INSTALL) -m 644 LICENSE "$(docdir)/LICENSE"
	$(INSTALL) -m 644 Sources/TrendPresentation/Fonts/LICENSE-DejaVu.txt "$(docdir)/LICENSE-DejaVu.txt"
	$(INSTALL) -m 644 Documentation/trend.1 "$(man1dir)/trend.1"
	"$(bindir)/trend" completions bash > "$(bashdir)/trend"
	"$(bindir)/trend" completions zsh > "$(zshdir)/_trend"
	"$(bindir)/trend" completions fish > "$(fishdir)/trend.fish"
	chmod 644 "$(bashdir)/trend" "$(zshdir)/_trend" "$(fishdir)/trend.fish"

uninstall:
	rm -f "$(bindir)/trend" "$(man1dir)/trend.1" "$(bashdir)/trend" "$(zshdir)/_trend" "$(fishdir)/trend.fish" "$(docdir)/LICENSE" "$(docdir)/LICENSE-DejaVu.txt"
	-rmdir "$(docdir)" 2>/dev/null

test:
	$(SWIFT) test

clean:
	rm -rf .build
