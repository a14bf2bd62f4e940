# Installs the host, its variants, its manual page and its shell completions
# (SPEC.md §2):
#
#   make install PREFIX=DIR      build with --locked, then install under DIR
#   make uninstall PREFIX=DIR    remove what install put there
#
# PREFIX defaults to /usr/local; DESTDIR is prepended to every installed
# path, for packagers. `make install-files` installs what is already built
# without building: BUILD_DIR (default $CARGO_TARGET_DIR/release, or
# target/release) names the folder of
# `host` and the plugin libraries, PLUGINS (default: every crate of plugins/)
# the variants installed. The installed host finds its variants in
# PREFIX/lib/awale/plugins, relative to its own executable.

PREFIX ?= /usr/local
DESTDIR ?=
CARGO ?= cargo
BUILD_DIR ?= $(or $(CARGO_TARGET_DIR),target)/release
PLUGINS ?= $(notdir $(patsubst %/Cargo.toml,%,$(wildcard plugins/*/Cargo.toml)))

SO := $(if $(filter Darwin,$(shell uname -s)),dylib,so)
LIBRARIES := $(foreach plugin,$(PLUGINS),lib$(subst -,_,$(plugin)).$(SO))

ROOT := $(DESTDIR)$(PREFIX)
BINDIR := $(ROOT)/bin
PLUGINDIR := $(ROOT)/lib/awale/plugins
MANDIR := $(ROOT)/share/man/man6
BASHDIR := $(ROOT)/share/bash-completion/completions
ZSHDIR := $(ROOT)/share/zsh/site-functions
FISHDIR := $(ROOT)/share/fish/vendor_completions.d

.PHONY: all build install install-files uninstall

all: build

build:
	$(CARGO) build --release --locked

install: build
	$(MAKE) install-files

install-files:
	install -d -m 755 '$(BINDIR)' '$(PLUGINDIR)' '$(MANDIR)' '$(BASHDIR)' '$(ZSHDIR)' '$(FISHDIR)'
	install -m 755 '$(BUILD_DIR)/host' '$(BINDIR)/host'
	for library in $(LIBRARIES); do \
		install -m 755 '$(BUILD_DIR)'/$$library '$(PLUGINDIR)'/$$library || exit 1; \
	done
	'$(BUILD_DIR)/host' --man > '$(MANDIR)/host.6'
	'$(BUILD_DIR)/host' --completions bash > '$(BASHDIR)/host'
	'$(BUILD_DIR)/host' --completions zsh > '$(ZSHDIR)/_host'
	'$(BUILD_DIR)/host' --completions fish > '$(FISHDIR)/host.fish'
	chmod 644 '$(MANDIR)/host.6' '$(BASHDIR)/host' '$(ZSHDIR)/_host' '$(FISHDIR)/host.fish'

uninstall:
	rm -f '$(BINDIR)/host' '$(MANDIR)/host.6' '$(BASHDIR)/host' '$(ZSHDIR)/_host' '$(FISHDIR)/host.fish'
	for library in $(LIBRARIES); do rm -f '$(PLUGINDIR)'/$$library; done
	-rmdir '$(PLUGINDIR)' '$(ROOT)/lib/awale' 2>/dev/null
