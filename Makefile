# Installs the host, its variants, its manual page and its shell completions
# (SPEC.md §2):
#
#   make install PREFIX=DIR      build with --locked, then install under DIR
#   make uninstall PREFIX=DIR    remove what install put there
#
# The program is installed as `awale` (Debian's bind9-host owns
# /usr/bin/host); BIN=host keeps the workspace's name. Its manual page and
# completions are made by the installed program, so they name it as
# installed. PREFIX defaults to /usr/local; DESTDIR is prepended to every installed
# path, for packagers. `make install-files` installs what is already built
# without building: BUILD_DIR (default $CARGO_TARGET_DIR/release, or
# target/release) names the folder of
# `host` and the plugin libraries, PLUGINS (default: every crate of plugins/)
# the variants installed. The installed host finds its variants in
# PREFIX/lib/awale/plugins, relative to its own executable.

PREFIX ?= /usr/local
BIN ?= awale
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
DOCDIR := $(ROOT)/share/doc/awale
DOCS := README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE

.PHONY: all build install install-files uninstall

all: build

build:
	$(CARGO) build --release --locked

install: build
	$(MAKE) install-files

install-files:
	install -d -m 755 '$(BINDIR)' '$(PLUGINDIR)' '$(MANDIR)' '$(BASHDIR)' '$(ZSHDIR)' '$(FISHDIR)' '$(DOCDIR)'
	install -m 755 '$(BUILD_DIR)/host' '$(BINDIR)/$(BIN)'
	for library in $(LIBRARIES); do \
		install -m 755 '$(BUILD_DIR)'/$$library '$(PLUGINDIR)'/$$library || exit 1; \
	done
	'$(BINDIR)/$(BIN)' --man > '$(MANDIR)/$(BIN).6'
	'$(BINDIR)/$(BIN)' --completions bash > '$(BASHDIR)/$(BIN)'
	'$(BINDIR)/$(BIN)' --completions zsh > '$(ZSHDIR)/_$(BIN)'
	'$(BINDIR)/$(BIN)' --completions fish > '$(FISHDIR)/$(BIN).fish'
	chmod 644 '$(MANDIR)/$(BIN).6' '$(BASHDIR)/$(BIN)' '$(ZSHDIR)/_$(BIN)' '$(FISHDIR)/$(BIN).fish'
	install -m 644 $(DOCS) '$(DOCDIR)'

uninstall:
	rm -f '$(BINDIR)/$(BIN)' '$(MANDIR)/$(BIN).6' '$(BASHDIR)/$(BIN)' '$(ZSHDIR)/_$(BIN)' '$(FISHDIR)/$(BIN).fish'
	for library in $(LIBRARIES); do rm -f '$(PLUGINDIR)'/$$library; done
	for doc in $(DOCS); do rm -f '$(DOCDIR)'/$$doc; done
	-rmdir '$(PLUGINDIR)' '$(ROOT)/lib/awale' '$(DOCDIR)' 2>/dev/null
