"""A preview that shows lines rendered in a worker: no widgets mounted, no layout, one repaint."""

from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from mage_tui.doc_render import DocFrame, Rendered
from mage_tui.doc_styles import DocStyles, resolve_doc_styles


class DocView(ScrollView, can_focus=True):
    """A scrollable document (mage_tui.doc_render): `frame()` says how to render for it, `show()` swaps it in.

    Lines rendered for another width or theme (the pane was resized, or the
    theme changed, while the worker ran) are rendered again here. Focused
    (tab, or enter from the list), j/k and the page keys scroll it.
    """

    BINDINGS = [Binding("j", "scroll_down", "scroll", show=False, id="detail.line_down"),
                Binding("k", "scroll_up", "scroll", show=False, id="detail.line_up")]
    RENDER_HERE = 32 * 1024  # a longer document is rendered again in a worker (its pane asks), not here

    class Stale(Message):
        """The document needs rendering for the view's new width or theme, and is too long to do it here."""

    DEFAULT_CSS = """
    DocView {
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.shown: Rendered | None = None
        """What the view shows (None: nothing)."""
        self._styles: DocStyles | None = None

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._restyle())

    def frame(self) -> DocFrame:
        """The width and styles to render for (called on the event loop, before a worker renders)."""
        return DocFrame(self.scrollable_content_region.width, self._doc_styles())

    def show(self, rendered: Rendered | None) -> None:
        """Show `rendered` from the top (None clears)."""
        self.shown = self._fitted(rendered)
        self._set_lines()
        self.scroll_to(0, 0, animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        lines = self.shown.lines if self.shown else []
        index = round(self.scroll_offset.y) + y
        if 0 <= index < len(lines):
            return lines[index]
        return Strip.blank(self.scrollable_content_region.width, self.rich_style)

    def on_resize(self) -> None:
        if (fitted := self._fitted(self.shown)) is not self.shown:
            self.shown = fitted
            self._set_lines()

    def _fitted(self, rendered: Rendered | None) -> Rendered | None:
        """`rendered`, or its doc rendered again if it was rendered for another width or theme
        (a long doc: the pane is asked to render it in a worker, and the old lines stay meanwhile)."""
        if rendered is None or rendered.frame.fits(frame := self.frame()):
            return rendered
        if len(rendered.doc.body) > self.RENDER_HERE:
            self.post_message(self.Stale())
            return rendered
        return rendered.doc.render(frame)

    def _set_lines(self) -> None:
        lines = self.shown.lines if self.shown else []
        self.virtual_size = Size(self.scrollable_content_region.width, len(lines))
        self.refresh()

    def _restyle(self) -> None:
        self._styles = None  # resolved again from the new theme once its CSS applies
        if self.shown is not None:
            self.app.activity.after_refresh(self, self.on_resize)

    def _doc_styles(self) -> DocStyles:
        app, background, base = self.app, self.background_colors[1], self.rich_style
        key = (app.theme, app.native_ansi_color, background.hex, str(base))
        if self._styles is None or self._styles.key != key:
            self._styles = resolve_doc_styles(app.theme_variables, background, base, app.native_ansi_color,
                                              app.current_theme.dark, key)
        return self._styles

