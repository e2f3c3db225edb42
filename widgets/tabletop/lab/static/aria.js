// SliderName's front end (tabletop/lab/aria.py): names the role="slider" handles in the slider's box.
function render({ model, el }) {
  el.style.display = "none";  // nothing to see: it only names the slider beside it
  let box = null, observer = null, frame = 0, tries = 0;
  const apply = () => {
    if (!box) return;
    const name = model.get("name");
    for (const handle of box.querySelectorAll('[role="slider"]')) {
      if (name && handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
    }
  };
  const attach = () => {  // the view is put into its box after it renders: wait for that (a few frames)
    box = el.closest(model.get("scope"));
    if (!box) {
      if (++tries < 1200) frame = requestAnimationFrame(attach);
      return;
    }
    apply();
    observer = new MutationObserver(apply);  // ipywidgets rebuilds the handle (e.g. orientation): name it again
    observer.observe(box, { childList: true, subtree: true });
  };
  attach();
  model.on("change:name", apply);
  return () => {
    cancelAnimationFrame(frame);
    if (observer) observer.disconnect();
    model.off("change:name", apply);
  };
}
export default { render };
