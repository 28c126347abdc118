// A table wider than the screen scrolls sideways inside its .scroll box. Mark the boxes that do
// ("overflows", with the hint text from <body data-scroll-hint>) and those scrolled to the end
// ("at-end"), so the CSS shows the hint and fades the edge only where more columns wait.
(() => {
  const hint = document.body.dataset.scrollHint || "";
  const mark = (box) => {
    box.dataset.hint = hint;
    box.classList.toggle("overflows", box.scrollWidth > box.clientWidth + 1);
    box.classList.toggle("at-end", box.scrollLeft + box.clientWidth >= box.scrollWidth - 1);
  };
  const markAll = () => document.querySelectorAll(".scroll").forEach(mark);
  document.addEventListener("scroll", (event) => {
    if (event.target instanceof Element && event.target.classList.contains("scroll")) mark(event.target);
  }, true);
  addEventListener("resize", markAll);
  document.addEventListener("htmx:afterSettle", markAll);
  markAll();
})();
