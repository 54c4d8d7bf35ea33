//! Printing and exporting the reference sheet from the window, for the game being
//! played (or the window's board and the rulebook when none is).
//!
//! Printing goes through `gtk::PrintOperation` (GTK 4.8 has no `PrintDialog`): the
//! operation lays the sheet out for the paper the dialog chose and draws each page
//! with `sheet::draw_page`. The dialog's Preview shows the pages in a window of ours,
//! rendered by the operation itself, so the preview is exactly what prints. "Export as
//! PDF…" writes the same pages to a file, on the desktop's default paper.

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::board::Board;
use castellan_engine::variant::Variant;
use gettextrs::gettext;
use relm4::gtk::{self, gdk, gio, glib};

use super::session::Session;
use crate::sheet::{self, Format, Paper, Sheet};
use crate::text::{fill, translated};

/// Resolution of the preview's page images, in pixels per inch: sharp at the
/// preview's size without costing much to render.
const PREVIEW_DPI: f64 = 110.0;

/// The widget name of the preview window, for tests.
const PREVIEW_NAME: &str = "sheet-preview";

thread_local! {
    /// The printer and options chosen last, offered again by the next print dialog.
    static PRINT_SETTINGS: RefCell<Option<gtk::PrintSettings>> = const { RefCell::new(None) };
}

/// The board and rules a sheet is drawn for.
#[derive(Clone, Debug)]
pub struct SheetRules {
    pub board: Arc<Board>,
    pub variant: Variant,
}

/// What a sheet is printed for: a Risk board and variant, or Château Noir's.
#[derive(Clone, Debug)]
pub enum Printable {
    Risk(SheetRules),
    ChateauNoir {
        board: Arc<castellan_chateau::board::Board>,
        variant: castellan_chateau::variant::Variant,
    },
}

impl From<SheetRules> for Printable {
    fn from(rules: SheetRules) -> Self {
        Printable::Risk(rules)
    }
}

/// A sheet laid out on the paper, either game's.
enum LaidOut {
    Risk(Sheet),
    ChateauNoir(Box<crate::chateau_rules::sheet::ChateauSheet>),
}

impl LaidOut {
    fn new(printable: &Printable, paper: Paper) -> Self {
        match printable {
            Printable::Risk(rules) => LaidOut::Risk(sheet::lay_out(
                Arc::clone(&rules.board),
                &rules.variant,
                paper,
            )),
            Printable::ChateauNoir { board, variant } => LaidOut::ChateauNoir(Box::new(
                crate::chateau_rules::sheet::lay_out(Arc::clone(board), variant, paper),
            )),
        }
    }

    fn page_count(&self) -> usize {
        match self {
            LaidOut::Risk(sheet) => sheet.pages.len(),
            LaidOut::ChateauNoir(_) => 1,
        }
    }

    fn draw_page(&self, cr: &gtk::cairo::Context, page: usize) -> Result<(), String> {
        match self {
            LaidOut::Risk(sheet) => sheet::draw_page(cr, sheet, page).map_err(|e| e.to_string()),
            LaidOut::ChateauNoir(sheet) => sheet.draw_page(cr).map_err(|e| e.to_string()),
        }
    }

    fn write_pdf(&self, path: &Path) -> Result<(), String> {
        let written = match self {
            LaidOut::Risk(sheet) => sheet::write(sheet, Format::Pdf, path),
            LaidOut::ChateauNoir(sheet) => {
                crate::chateau_rules::sheet::write(sheet, Format::Pdf, path)
            }
        };
        written.map(|_| ()).map_err(|error| error.to_string())
    }
}

/// The rules of the game being played; without one, the window's board and the
/// rulebook. `None` when the window has no board.
pub fn rules_in_play(session: Option<&Session>, board: Option<&Arc<Board>>) -> Option<SheetRules> {
    match session {
        Some(session) => Some(SheetRules {
            board: Arc::clone(session.board()),
            variant: session.game().variant().clone(),
        }),
        None => board.map(|board| SheetRules {
            board: Arc::clone(board),
            variant: Variant::rulebook(),
        }),
    }
}

/// The paper the desktop prints on by default (GTK reads it from the locale).
pub fn default_paper() -> Paper {
    let size = gtk::PaperSize::new(None);
    Paper {
        width: size.width(gtk::Unit::Points),
        height: size.height(gtk::Unit::Points),
    }
}

/// Opens the print dialog for the sheet of `rules`.
pub fn print(parent: &impl IsA<gtk::Window>, rules: Printable) {
    run(parent, rules, gtk::PrintOperationAction::PrintDialog);
}

/// Runs a print operation of the sheet: the print dialog, or straight to the preview.
fn run(
    parent: &impl IsA<gtk::Window>,
    rules: Printable,
    action: gtk::PrintOperationAction,
) -> gtk::PrintOperation {
    let operation = operation(&rules);
    connect_preview(&operation, rules);
    let parent_window = parent.clone().upcast::<gtk::Window>();
    operation.connect_done(move |operation, result| match result {
        gtk::PrintOperationResult::Apply => {
            PRINT_SETTINGS.with(|settings| *settings.borrow_mut() = operation.print_settings());
        }
        gtk::PrintOperationResult::Error => {
            let reason = operation
                .error()
                .map_or_else(String::new, |error| error.to_string());
            show_error(
                &parent_window,
                &gettext("The Reference Sheet Could Not Be Printed"),
                &reason,
            );
        }
        _ => {}
    });
    if let Err(error) = operation.run(action, Some(parent)) {
        show_error(
            parent,
            &gettext("The Reference Sheet Could Not Be Printed"),
            &error.to_string(),
        );
    }
    operation
}

/// A print operation that lays the sheet out once the paper is known and draws its
/// pages. The sheet keeps its own margins, so the operation draws on the full page,
/// in points.
fn operation(rules: &Printable) -> gtk::PrintOperation {
    let operation = gtk::PrintOperation::new();
    operation.set_job_name(&job_name(rules));
    operation.set_unit(gtk::Unit::Points);
    operation.set_use_full_page(true);
    operation.set_embed_page_setup(true);
    operation.set_allow_async(true);
    let page_setup = gtk::PageSetup::new();
    page_setup.set_paper_size(&gtk::PaperSize::new(None));
    operation.set_default_page_setup(Some(&page_setup));
    PRINT_SETTINGS.with(|settings| {
        if let Some(settings) = settings.borrow().as_ref() {
            operation.set_print_settings(Some(settings));
        }
    });

    let laid_out: Rc<RefCell<Option<LaidOut>>> = Rc::default();
    {
        let laid_out = Rc::clone(&laid_out);
        let rules = rules.clone();
        operation.connect_begin_print(move |operation, context| {
            let paper = Paper {
                width: context.width(),
                height: context.height(),
            };
            let sheet = LaidOut::new(&rules, paper);
            operation.set_n_pages(i32::try_from(sheet.page_count()).unwrap_or(1));
            *laid_out.borrow_mut() = Some(sheet);
        });
    }
    operation.connect_draw_page(move |_, context, page| {
        if let (Some(sheet), Ok(page)) = (laid_out.borrow().as_ref(), usize::try_from(page))
            && let Err(error) = sheet.draw_page(&context.cairo_context(), page)
        {
            eprintln!(
                "castellan: drawing page {} of the sheet failed: {error}",
                page + 1
            );
        }
    });
    operation
}

/// "Castle Risk — Reference sheet", the print job's name and the PDF's.
fn job_name(rules: &Printable) -> String {
    let board = match rules {
        Printable::Risk(rules) => translated(rules.board.meta.name.as_str()),
        Printable::ChateauNoir { board, .. } => translated(board.meta.name.as_str()),
    };
    fill(
        // Translators: the name of a print job and of the exported file.
        &gettext("{board} — reference sheet"),
        &[("board", &board)],
    )
}

/// Shows the operation's preview in a window of ours instead of GTK's external
/// viewer: the pages are rendered by the operation (its draw-page handler, as when
/// printing) into images.
fn connect_preview(operation: &gtk::PrintOperation, rules: Printable) {
    operation.connect_preview(move |_, preview, context, parent| {
        // GTK requires a Cairo context on the print context before the preview
        // starts; each page gets one of its own when it is rendered.
        let Ok(placeholder) = placeholder_context() else {
            return false;
        };
        context.set_cairo_context(&placeholder, 72.0, 72.0);
        let window = PreviewWindow::new(parent, preview, rules.clone());
        preview.connect_ready(move |preview, context| {
            let pages = preview
                .dynamic_cast_ref::<gtk::PrintOperation>()
                .map_or(0, |operation| operation.n_pages());
            match render_pages(preview, context, pages) {
                Ok(textures) => window.show_pages(&textures),
                Err(reason) => {
                    window.close();
                    show_error(
                        &window.parent,
                        &gettext("The Reference Sheet Could Not Be Previewed"),
                        &reason,
                    );
                }
            }
        });
        true
    });
}

/// A Cairo context on a one-pixel image, to hand GTK when no page is being drawn.
fn placeholder_context() -> Result<cairo::Context, cairo::Error> {
    cairo::Context::new(&cairo::ImageSurface::create(cairo::Format::Rgb24, 1, 1)?)
}

/// Renders pages `0..pages` through the preview into images at [`PREVIEW_DPI`].
fn render_pages(
    preview: &gtk::PrintOperationPreview,
    context: &gtk::PrintContext,
    pages: i32,
) -> Result<Vec<gdk::Texture>, String> {
    let scale = PREVIEW_DPI / 72.0;
    let size = |points: f64| (points * scale).ceil().max(1.0) as i32;
    let mut textures = Vec::new();
    for page in 0..pages {
        let surface = cairo::ImageSurface::create(
            cairo::Format::Rgb24,
            size(context.width()),
            size(context.height()),
        )
        .map_err(|error| error.to_string())?;
        let cr = cairo::Context::new(&surface).map_err(|error| error.to_string())?;
        cr.set_source_rgb(1.0, 1.0, 1.0);
        cr.paint().map_err(|error| error.to_string())?;
        context.set_cairo_context(&cr, PREVIEW_DPI, PREVIEW_DPI);
        preview.render_page(page);
        // Hand GTK the placeholder again, so that it lets go of this page.
        let placeholder = placeholder_context().map_err(|error| error.to_string())?;
        context.set_cairo_context(&placeholder, 72.0, 72.0);
        drop(cr);
        let mut png = Vec::new();
        surface
            .write_to_png(&mut png)
            .map_err(|error| error.to_string())?;
        let texture = gdk::Texture::from_bytes(&glib::Bytes::from_owned(png))
            .map_err(|error| error.to_string())?;
        textures.push(texture);
    }
    Ok(textures)
}

/// The preview window: the pages one under the other, and a button to print them.
struct PreviewWindow {
    window: adw::Window,
    pages: gtk::Box,
    parent: gtk::Window,
}

impl PreviewWindow {
    /// Opens the window; closing it ends the preview, as GTK requires.
    fn new(
        parent: Option<&gtk::Window>,
        preview: &gtk::PrintOperationPreview,
        rules: Printable,
    ) -> Rc<Self> {
        let window = adw::Window::builder()
            .title(gettext("Reference Sheet Preview"))
            .default_width(680)
            .default_height(900)
            .modal(true)
            .build();
        window.set_widget_name(PREVIEW_NAME);
        window.set_transient_for(parent);
        let parent = parent.cloned().unwrap_or_else(|| window.clone().upcast());

        let print_button = gtk::Button::with_mnemonic(&gettext("_Print…"));
        print_button.add_css_class("suggested-action");
        let header = adw::HeaderBar::new();
        header.pack_end(&print_button);
        let pages = gtk::Box::new(gtk::Orientation::Vertical, 18);
        pages.set_margin_top(18);
        pages.set_margin_bottom(18);
        pages.set_margin_start(18);
        pages.set_margin_end(18);
        // A still label, not a spinner: a spinner redraws every frame, and on a busy
        // machine those redraws starve GTK's pagination, which runs in a
        // low-priority idle, so that the pages never came.
        let preparing = gtk::Label::new(Some(&gettext("Preparing the preview…")));
        preparing.add_css_class("dim-label");
        preparing.set_vexpand(true);
        pages.append(&preparing);
        let scrolled = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .vexpand(true)
            .child(&pages)
            .build();
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&header);
        content.append(&scrolled);
        window.set_content(Some(&content));

        let ended = Rc::new(Cell::new(false));
        {
            let preview = preview.clone();
            let ended = Rc::clone(&ended);
            window.connect_close_request(move |_| {
                if !ended.replace(true) {
                    preview.end_preview();
                }
                glib::Propagation::Proceed
            });
        }
        {
            let window = window.clone();
            let parent = parent.clone();
            print_button.connect_clicked(move |_| {
                window.close();
                print(&parent, rules.clone());
            });
        }
        window.present();
        Rc::new(Self {
            window,
            pages,
            parent,
        })
    }

    /// Replaces the waiting label by the rendered pages.
    fn show_pages(&self, textures: &[gdk::Texture]) {
        while let Some(child) = self.pages.first_child() {
            self.pages.remove(&child);
        }
        for (index, texture) in textures.iter().enumerate() {
            let picture = gtk::Picture::for_paintable(texture);
            picture.set_can_shrink(true);
            picture.set_content_fit(gtk::ContentFit::Contain);
            picture.set_alternative_text(Some(&fill(
                // Translators: the description of one page of the print preview.
                &gettext("Page {page} of {pages}"),
                &[("page", &(index + 1)), ("pages", &textures.len())],
            )));
            // The frame hugs the page, whatever the window's width.
            let frame = gtk::Frame::new(None);
            frame.set_child(Some(&picture));
            let ratio = texture.width() as f32 / texture.height().max(1) as f32;
            let page = gtk::AspectFrame::new(0.5, 0.0, ratio, false);
            page.set_child(Some(&frame));
            self.pages.append(&page);
        }
    }

    fn close(&self) {
        self.window.close();
    }
}

/// Asks where to export the sheet of `rules` as PDF, then writes it there. The
/// returned chooser must be kept alive until it answers.
pub fn export(parent: &impl IsA<gtk::Window>, rules: Printable) -> gtk::FileChooserNative {
    let chooser = gtk::FileChooserNative::new(
        Some(&gettext("Export the Reference Sheet")),
        Some(parent),
        gtk::FileChooserAction::Save,
        Some(&gettext("_Export")),
        Some(&gettext("_Cancel")),
    );
    chooser.set_modal(true);
    let filter = gtk::FileFilter::new();
    filter.set_name(Some(&gettext("PDF Documents")));
    filter.add_mime_type("application/pdf");
    filter.add_pattern("*.pdf");
    chooser.add_filter(&filter);
    chooser.set_current_name(&format!("{}.pdf", job_name(&rules)));
    let parent = parent.clone().upcast::<gtk::Window>();
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = chooser.file().and_then(|file: gio::File| file.path())
            && let Err(reason) = export_pdf(&with_pdf_extension(path), &rules, default_paper())
        {
            show_error(
                &parent,
                &gettext("The Reference Sheet Could Not Be Exported"),
                &reason,
            );
        }
    });
    chooser.show();
    chooser
}

/// A path for a PDF: `.pdf` added when the name has no extension.
fn with_pdf_extension(path: PathBuf) -> PathBuf {
    if path.extension().is_none() {
        path.with_extension("pdf")
    } else {
        path
    }
}

/// Writes the sheet of `rules` on `paper` as a PDF file at `path`.
pub fn export_pdf(path: &Path, rules: &Printable, paper: Paper) -> Result<(), String> {
    LaidOut::new(rules, paper).write_pdf(path)
}

fn show_error(parent: &impl IsA<gtk::Window>, heading: &str, body: &str) {
    let dialog = adw::MessageDialog::new(Some(parent), Some(heading), Some(body));
    dialog.add_response("close", &gettext("_Close"));
    dialog.present();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::library::{default_board_path, load_board};
    use crate::app::panel_testing::settle;

    fn shipped_castle_risk() -> castellan_engine::board::Board {
        let loaded = load_board(&default_board_path()).expect("the shipped board loads");
        Arc::unwrap_or_clone(loaded.board)
    }

    fn rules() -> SheetRules {
        SheetRules {
            board: Arc::new(shipped_castle_risk()),
            variant: Variant::rulebook(),
        }
    }

    #[test]
    fn exporting_writes_a_pdf_and_names_the_file_it_could_not_write() {
        let path =
            std::env::temp_dir().join(format!("castellan-export-{}.pdf", std::process::id()));
        export_pdf(&path, &rules().into(), Paper::LETTER).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        // One page, on US Letter.
        let text = String::from_utf8_lossy(&bytes);
        assert_eq!(
            text.matches("/Type /Page\n").count() + text.matches("/Type /Page ").count(),
            1,
            "{}",
            bytes.len()
        );
        assert!(text.contains("/MediaBox [ 0 0 612 792 ]"));

        let nowhere = Path::new("/nonexistent-castellan-dir/sheet.pdf");
        let error = export_pdf(nowhere, &rules().into(), Paper::A4).unwrap_err();
        assert!(
            error.contains("/nonexistent-castellan-dir/sheet.pdf"),
            "{error}"
        );
    }

    #[test]
    fn an_exported_file_gets_the_pdf_extension_only_when_it_has_none() {
        assert_eq!(
            with_pdf_extension(PathBuf::from("/tmp/sheet")),
            PathBuf::from("/tmp/sheet.pdf")
        );
        assert_eq!(
            with_pdf_extension(PathBuf::from("/tmp/sheet.PDF")),
            PathBuf::from("/tmp/sheet.PDF")
        );
    }

    #[test]
    fn without_a_game_the_sheet_is_for_the_windows_board_and_the_rulebook() {
        let board = Arc::new(shipped_castle_risk());
        let rules = rules_in_play(None, Some(&board)).unwrap();
        assert!(Arc::ptr_eq(&rules.board, &board));
        assert_eq!(rules.variant, Variant::rulebook());
        assert!(rules_in_play(None, None).is_none());
    }

    /// The preview window, once it shows rendered pages.
    fn preview_pages() -> Option<Vec<gdk::Texture>> {
        let windows = gtk::Window::list_toplevels();
        let window = windows
            .iter()
            .filter_map(|w| w.downcast_ref::<gtk::Window>())
            .find(|w| w.widget_name() == PREVIEW_NAME)?;
        let mut textures = Vec::new();
        let mut stack = vec![window.clone().upcast::<gtk::Widget>()];
        while let Some(widget) = stack.pop() {
            if let Some(picture) = widget.downcast_ref::<gtk::Picture>()
                && let Some(texture) = picture
                    .paintable()
                    .and_then(|p| p.downcast::<gdk::Texture>().ok())
            {
                textures.push(texture);
            }
            let mut child = widget.first_child();
            while let Some(next) = child {
                child = next.next_sibling();
                stack.push(next);
            }
        }
        (!textures.is_empty()).then_some(textures)
    }

    #[gtk::test]
    fn the_preview_shows_the_pages_the_print_operation_draws() {
        let parent = gtk::Window::new();
        let operation = run(&parent, rules().into(), gtk::PrintOperationAction::Preview);
        // A generous wait for a loaded machine; it takes well under a second.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        let mut pages = None;
        while pages.is_none() && std::time::Instant::now() < deadline {
            settle();
            pages = preview_pages();
        }
        let pages = pages.expect("the preview shows its pages");
        assert_eq!(pages.len(), operation.n_pages() as usize);
        assert_eq!(pages.len(), 1);
        // A page of the locale's paper at the preview's resolution, with ink on it:
        // the operation's draw-page handler drew the sheet.
        let page = &pages[0];
        let paper = default_paper();
        assert_eq!(
            page.width(),
            (paper.width * PREVIEW_DPI / 72.0).ceil() as i32
        );
        let stride = page.width() as usize * 4;
        let mut pixels = vec![0; stride * page.height() as usize];
        page.download(&mut pixels, stride);
        let dark = pixels
            .chunks_exact(4)
            .filter(|p| p[..3].iter().all(|&c| c < 90))
            .count();
        assert!(dark > 5_000, "{dark} dark pixels");

        // Closing the preview ends the operation.
        let window = gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|w| w.downcast::<gtk::Window>().ok())
            .find(|w| w.widget_name() == PREVIEW_NAME)
            .unwrap();
        window.close();
        settle();
        assert_eq!(operation.status(), gtk::PrintStatus::Finished);
    }
}
