# Castellan's everyday commands. `make run` plays, `make test` runs every check; both
# first install whatever Debian 12 packages (and Rust toolchain) are missing.
#
#   make run         build (debug) and start the game
#   make test        every test: translations, desktop entry and metainfo, then all
#                    cargo tests under Xvfb (the app's tests need a display)
#   make check       make fmt-check, make lint and make test
#   make fmt         format the code; make fmt-check only reports
#   make lint        clippy, warnings as errors
#   make pot         regenerate po/castellan.pot; make po also merges it into po/*.po
#   make install     build with meson and install (PREFIX=/usr/local)
#   make screenshot  make the screenshots of docs/screenshots/ under Xvfb
#   make deps        only install the missing packages

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

# rustup installs cargo here; a fresh shell may not have it on PATH yet.
export PATH := $(HOME)/.cargo/bin:$(PATH)

APP_ID := io.github.castellan.Castellan
PREFIX ?= /usr/local
MESON_BUILD_DIR := _build
# Files made by the checks, kept inside cargo's target/ (ignored by git, removed by
# `cargo clean`).
GENERATED := target/generated

# What building, testing and screenshots need on Debian 12. xvfb-run needs xauth,
# GApplication a session bus (dbus-run-session), tests that draw text a font.
PACKAGES := build-essential pkg-config curl ca-certificates \
	libgtk-4-dev libadwaita-1-dev gettext \
	meson ninja-build desktop-file-utils appstream \
	xvfb xauth dbus dbus-x11 fonts-dejavu-core librsvg2-common \
	poppler-utils imagemagick

# Tests draw with Cairo (Xvfb has no GPU), keep settings in memory, and skip the
# accessibility bus that nobody listens to.
GUI_TEST_ENV := GSK_RENDERER=cairo GDK_BACKEND=x11 GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 GTK_A11Y=none
XVFB := xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session --

# The Rust files po/POTFILES.in lists.
RUST_POTFILES := $(shell grep '\.rs$$' po/POTFILES.in)
# The options of meson's 'glib' preset that matter here, so that `make pot` and
# `meson compile castellan-pot` write the same template.
XGETTEXT_FLAGS := --package-name=castellan --from-code=UTF-8 --add-comments \
	--keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2

# For each `name = "…"` and `description = "…"` line of a TOML file: a gettext call,
# with the table it is in (territory, sea, empire, …, or the board or variant itself)
# and its place in the file for translators.
BOARD_NAMES_AWK := FNR == 1 { table = (FILENAME ~ /variants/ ? "variant" : "board") } \
	/^[ \t]*\[/ { table = $$0; gsub(/[][ \t]/, "", table) } \
	/^[ \t]*(name|description|reconstruction)[ \t]*=[ \t]*"/ { \
		key = $$0; sub(/^[ \t]*/, "", key); sub(/[ \t]*=.*$$/, "", key); \
		value = $$0; sub(/^[^"]*"/, "", value); sub(/"[ \t]*(\#.*)?$$/, "", value); \
		printf "\n/* Translators: %s %s, %s:%d */\ngettext(\"%s\");\n", table, key, FILENAME, FNR, value \
	}

.PHONY: run build test check fmt fmt-check lint pot po install screenshot balance-doc balance-doc-chateau deps \
	rust-toolchain check-translations check-data test-cargo board-names

## Set-up

# Installs only what dpkg says is missing; silent when nothing is.
deps:
	@missing=""; \
	for package in $(PACKAGES); do \
		status=$$(dpkg-query -W -f='$${db:Status-Abbrev}' "$$package" 2>/dev/null || true); \
		[ "$$status" = "ii " ] || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing missing packages:$$missing"; \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq; \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@$(MAKE) --no-print-directory rust-toolchain

# Debian 12's own Rust is too old for edition 2024: install rustup's stable toolchain
# when there is no cargo at all. An existing toolchain is left alone (cargo names the
# version it needs if it is too old).
rust-toolchain:
	@if ! command -v cargo >/dev/null; then \
		echo "Installing the Rust toolchain with rustup"; \
		curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y; \
	fi

## Playing

build: deps
	cargo build

run: build
	cargo run --quiet

## Tests

# One step after the other even under `make -j`, so that cargo's output comes last.
test: deps
	@$(MAKE) --no-print-directory check-translations check-data
	@$(MAKE) --no-print-directory test-cargo

check: fmt-check lint test

# The French catalogue compiles, and xgettext can see every translatable string:
# its C parser (xgettext 0.21 has no Rust one) skips whole lines that start with `#`,
# so a gettext call inside a one-line attribute would silently go untranslated.
check-translations:
	@echo "Checking translations"
	@for po in po/*.po; do msgfmt --check --output-file=/dev/null "$$po"; done
	@for file in $$(grep -v '^#' po/POTFILES.in); do \
		[ -f "$$file" ] || { echo "po/POTFILES.in lists a missing file: $$file"; exit 1; }; \
	done
	@unlisted=$$({ grep -rlE '\b[np]?gettext\(' src --include='*.rs' || true; } | sort | \
		comm -23 - <(printf '%s\n' $(RUST_POTFILES) | sort)); \
	if [ -n "$$unlisted" ]; then \
		echo "po/POTFILES.in does not list:" $$unlisted; exit 1; \
	fi
	@hidden=$$(grep -nE '^\s*#.*\b[np]?gettext\(' $(RUST_POTFILES) || true); \
	if [ -n "$$hidden" ]; then \
		echo "Put these gettext calls on a line of their own (xgettext skips lines starting with #):"; \
		echo "$$hidden"; exit 1; \
	fi

# The desktop entry and metainfo, merged with the translations as meson installs them.
check-data:
	@echo "Validating the desktop entry and metainfo"
	@mkdir -p $(GENERATED)
	@sed 's/@APP_ID@/$(APP_ID)/g' data/$(APP_ID).desktop.in > $(GENERATED)/$(APP_ID).desktop.in
	@sed 's/@APP_ID@/$(APP_ID)/g' data/$(APP_ID).metainfo.xml.in > $(GENERATED)/$(APP_ID).metainfo.xml.in
	@msgfmt --desktop -d po --template=$(GENERATED)/$(APP_ID).desktop.in -o $(GENERATED)/$(APP_ID).desktop
	@msgfmt --xml -d po --template=$(GENERATED)/$(APP_ID).metainfo.xml.in -o $(GENERATED)/$(APP_ID).metainfo.xml
	@desktop-file-validate $(GENERATED)/$(APP_ID).desktop
	@appstreamcli validate --no-net --explain $(GENERATED)/$(APP_ID).metainfo.xml
	@for image in $$(grep -o 'docs/screenshots/[^<]*' data/$(APP_ID).metainfo.xml.in); do \
		[ -f "$$image" ] || { echo "The metainfo shows a missing screenshot: $$image"; exit 1; }; \
	done

# Compiles once outside Xvfb and runs the doc tests (which draw nothing); then runs
# every other test binary of the workspace inside Xvfb, so that any test (a unit test
# of the app, or a harness file added under tests/) has a display and a session bus
# without further set-up. Last, so that cargo's "test result" lines end the output.
test-cargo:
	cargo test --workspace --no-run
	cargo test --workspace --doc
	$(XVFB) env $(GUI_TEST_ENV) cargo test --workspace --lib --bins --tests

## Code hygiene

fmt:
	cargo fmt --all

fmt-check:
	cargo fmt --all --check

lint: deps
	cargo clippy --workspace --all-targets -- -D warnings

## Translations

# Names in board and variant files reach the screen through gettext at run time;
# po/board-names.c restates them as gettext calls so that xgettext (and so meson's
# pot target) sees them. Regenerate it whenever a name changes.
pot: board-names
	xgettext $(XGETTEXT_FLAGS) --files-from=po/POTFILES.in --output=po/castellan.pot

board-names:
	@{ \
		echo '#if 0'; \
		echo 'Generated by make pot from data/boards and data/variants: do not edit.'; \
		echo 'The names the game translates at run time, as gettext calls for xgettext.'; \
		echo 'This file is never compiled. (Plain text rather than a comment, which'; \
		echo 'xgettext would attach to the first name.)'; \
		echo '#endif'; \
		awk '$(BOARD_NAMES_AWK)' $(wildcard data/boards/*.toml data/variants/*.toml); \
	} > po/board-names.c

po: pot
	@for po in po/*.po; do msgmerge --quiet --update --backup=none "$$po" po/castellan.pot; done

## Installing

install: deps
	@[ -d $(MESON_BUILD_DIR) ] || meson setup $(MESON_BUILD_DIR) --prefix=$(PREFIX)
	meson compile -C $(MESON_BUILD_DIR)
	@if [ -w "$(PREFIX)" ] || [ "$$(id -u)" -eq 0 ]; then \
		meson install -C $(MESON_BUILD_DIR) --no-rebuild; \
	else \
		sudo meson install -C $(MESON_BUILD_DIR) --no-rebuild; \
	fi

## The balance table

# The balance table of the shipped boards (docs/balance.md), from the balance lab.
balance-doc: deps
	cargo build --release --quiet
	python3 tools/balance_doc.py target/release/castellan > docs/balance.md
	@echo "Wrote docs/balance.md"

# Only the Château Noir section (a few minutes), the Castle Risk figures kept.
balance-doc-chateau: deps
	cargo build --release --quiet
	python3 tools/balance_doc.py target/release/castellan --chateau-only
	@echo "Rewrote the Château Noir section of docs/balance.md"

## Screenshots

# The README's and the metainfo's screenshots, made by the window itself from described
# positions (src/app/screenshots.rs: a game in progress, the battle panel, the variant
# editor; light and dark), then reduced to 256 colours to keep the repository small.
# An ignored test, so that `make test` never depends on it.
screenshot: deps
	@mkdir -p docs/screenshots
	$(XVFB) env $(GUI_TEST_ENV) CASTELLAN_SCREENSHOTS=$(CURDIR)/docs/screenshots \
		cargo test --quiet --bin castellan app::screenshots -- --ignored
	@for png in docs/screenshots/*.png; do \
		convert "$$png" -strip -dither FloydSteinberg -colors 256 "PNG8:$$png"; \
	done
	@echo "Wrote" docs/screenshots/*.png
