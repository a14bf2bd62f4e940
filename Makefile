# Installs the host, its variants, its manual page and its shell completions
# (SPEC.md §2), and builds the Debian package:
#
#   make install PREFIX=DIR      build with --locked, then install under DIR
#   make uninstall PREFIX=DIR    remove what install put there
#   make deb                     the Debian package awale, in target/debian/
#   make generated               rewrite the manual page and completions of pkg/
#   make copyright               rewrite pkg/debian/copyright (needs cargo-about)
#
# The program is installed as `awale` (Debian's bind9-host owns
# /usr/bin/host); BIN=host keeps the workspace's name. PREFIX defaults to
# /usr/local; DESTDIR is prepended to every installed path, for packagers.
# The program goes to BINDIR: PREFIX/bin, or /usr/games when PREFIX is /usr
# (Debian's games); BINDIR must be a folder right under PREFIX, since the
# installed host finds its variants in ../lib/awale/plugins from its own
# folder (PREFIX/lib/awale/plugins, which is not a setting). ZSHDIR is
# PREFIX/share/zsh/site-functions, or Debian's
# /usr/share/zsh/vendor-completions when PREFIX is /usr; MANDIR, BASHDIR,
# FISHDIR and DOCDIR may be set too. docs/packaging.md says what each
# distribution sets.
#
# The manual page and the completions for `awale` are files of pkg/, which a
# test checks against what the program prints (`make generated` rewrites
# them); for another BIN they are made by the installed program, which names
# itself as called. `make install-files` installs what is already built
# without building: BUILD_DIR (default $CARGO_TARGET_DIR/release, or
# target/release) names the folder of `host` and the plugin libraries,
# PLUGINS (default: every crate of plugins/) the variants installed.

PREFIX ?= /usr/local
BIN ?= awale
DESTDIR ?=
CARGO ?= cargo
BUILD_DIR ?= $(or $(CARGO_TARGET_DIR),target)/release
PLUGINS ?= $(notdir $(patsubst %/Cargo.toml,%,$(wildcard plugins/*/Cargo.toml)))

SO := $(if $(filter Darwin,$(shell uname -s)),dylib,so)
LIBRARIES := $(foreach plugin,$(PLUGINS),lib$(subst -,_,$(plugin)).$(SO))

SYSTEM := $(filter /usr /usr/,$(PREFIX))
BINDIR ?= $(if $(SYSTEM),/usr/games,$(PREFIX)/bin)
PLUGINDIR := $(PREFIX)/lib/awale/plugins
MANDIR ?= $(PREFIX)/share/man/man6
BASHDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHDIR ?= $(if $(SYSTEM),/usr/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
FISHDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DOCDIR ?= $(PREFIX)/share/doc/awale
DOCS := README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE

INSTALLED_BIN := $(DESTDIR)$(BINDIR)/$(BIN)
INSTALLED := '$(DESTDIR)$(MANDIR)/$(BIN).6' '$(DESTDIR)$(BASHDIR)/$(BIN)' \
	'$(DESTDIR)$(ZSHDIR)/_$(BIN)' '$(DESTDIR)$(FISHDIR)/$(BIN).fish'

.PHONY: all build install install-files uninstall deb generated copyright

all: build

build:
	$(CARGO) build --release --locked

install: build
	$(MAKE) install-files

install-files:
	install -d -m 755 '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(PLUGINDIR)' '$(DESTDIR)$(MANDIR)' \
		'$(DESTDIR)$(BASHDIR)' '$(DESTDIR)$(ZSHDIR)' '$(DESTDIR)$(FISHDIR)' '$(DESTDIR)$(DOCDIR)'
	install -m 755 '$(BUILD_DIR)/host' '$(INSTALLED_BIN)'
	for library in $(LIBRARIES); do \
		install -m 755 '$(BUILD_DIR)'/$$library '$(DESTDIR)$(PLUGINDIR)'/$$library || exit 1; \
	done
ifeq ($(BIN),awale)
	install -m 644 pkg/awale.6 '$(DESTDIR)$(MANDIR)/awale.6'
	install -m 644 pkg/completions/awale.bash '$(DESTDIR)$(BASHDIR)/awale'
	install -m 644 pkg/completions/_awale '$(DESTDIR)$(ZSHDIR)/_awale'
	install -m 644 pkg/completions/awale.fish '$(DESTDIR)$(FISHDIR)/awale.fish'
else
	'$(INSTALLED_BIN)' --man > '$(DESTDIR)$(MANDIR)/$(BIN).6'
	'$(INSTALLED_BIN)' --completions bash > '$(DESTDIR)$(BASHDIR)/$(BIN)'
	'$(INSTALLED_BIN)' --completions zsh > '$(DESTDIR)$(ZSHDIR)/_$(BIN)'
	'$(INSTALLED_BIN)' --completions fish > '$(DESTDIR)$(FISHDIR)/$(BIN).fish'
	chmod 644 $(INSTALLED)
endif
	install -m 644 $(DOCS) '$(DESTDIR)$(DOCDIR)'

uninstall:
	rm -f '$(INSTALLED_BIN)' $(INSTALLED)
	for library in $(LIBRARIES); do rm -f '$(DESTDIR)$(PLUGINDIR)'/$$library; done
	for doc in $(DOCS); do rm -f '$(DESTDIR)$(DOCDIR)'/$$doc; done
	-rmdir '$(DESTDIR)$(PLUGINDIR)' '$(DESTDIR)$(PREFIX)/lib/awale' '$(DESTDIR)$(DOCDIR)' 2>/dev/null

# The Debian package (metadata in host/Cargo.toml, [package.metadata.deb]):
# cargo-deb (once: `cargo install cargo-deb --locked`) packages what the
# release build made, the host and every plugin.
# cargo-deb builds the package; pkg/debian/finish.sh gives it the Depends
# of dpkg-shlibdeps over every ELF file and md5sums, and prints its path.
deb: build
	deb=$$($(CARGO) deb -p host --no-build --locked | tail -n 1) && pkg/debian/finish.sh "$$deb"

# The copyright file of the package, from the crates linked in (see
# pkg/debian/copyright.sh).
copyright:
	pkg/debian/copyright.sh > pkg/debian/copyright.new && mv pkg/debian/copyright.new pkg/debian/copyright

# The manual page and completions kept in pkg/, from the program called
# `awale` (a link of that name to the release build).
generated:
	$(CARGO) build --release --locked -p host
	link=$$(mktemp -d) && ln -s '$(abspath $(BUILD_DIR))/host' "$$link/awale" && \
	"$$link/awale" --man > pkg/awale.6 && \
	"$$link/awale" --completions bash > pkg/completions/awale.bash && \
	"$$link/awale" --completions zsh > pkg/completions/_awale && \
	"$$link/awale" --completions fish > pkg/completions/awale.fish; \
	status=$$?; rm -rf "$$link"; exit $$status
