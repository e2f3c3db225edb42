// Tabletop Arcade: plotly.js only where a chart is drawn (site/plotly-lazy.js; site/build.py copies it beside the
// jupyterlab-plotly extension's own files and points the site's jupyter-lite.json at it).
//
// JupyterLab loads every extension's remoteEntry at start and asks it for its mime renderer. jupyterlab-plotly's
// renderer lives in one 4.8 MB chunk with all of plotly.js, so every page downloaded (1.4 MB gzip) and parsed
// it, though only the variant lab and the balance notebooks draw a chart. This is a container of the same name
// whose renderer factory is the extension's own description (the same id, MIME type, rank and file types) and
// whose renderers load the real extension the first time one renders a figure, then hand it the figure.
// site/build.py fills in REAL_ENTRY and checks that the real extension still declares what is copied below.

var _JUPYTERLAB;
(function () {
  "use strict";
  const NAME = "jupyterlab-plotly";
  const REAL_ENTRY = "";
  const MIME = "application/vnd.plotly.v1+json";
  const here = document.currentScript ? document.currentScript.src : location.href;
  let shareScope = null;
  let widgets = null;
  let realFactory = null;

  /** The highest version of a shared package in JupyterLab's share scope, as its module. */
  async function shared(name) {
    const versions = shareScope[name];
    if (!versions) throw new Error(`${NAME}: ${name} is not shared by JupyterLab`);
    const newest = Object.keys(versions).sort((a, b) =>
      a.localeCompare(b, undefined, { numeric: true })).pop();
    return (await versions[newest].get())();
  }

  /** The real extension's renderer factory: its remoteEntry loaded once, given JupyterLab's share scope. */
  function loadReal() {
    if (!realFactory) {
      realFactory = (async () => {
        const lazy = _JUPYTERLAB[NAME];
        await new Promise((resolve, reject) => {
          const script = document.createElement("script");
          script.onload = resolve;
          script.onerror = () => reject(new Error(`${NAME}: could not load ${REAL_ENTRY}`));
          script.async = true;
          script.src = new URL(REAL_ENTRY, here).href;
          document.head.appendChild(script);
        });
        const real = _JUPYTERLAB[NAME];
        _JUPYTERLAB[NAME] = lazy; // the real container registered under the same name: this one stays
        await real.init(shareScope);
        const mod = (await real.get("./mimeExtension"))();
        const plugins = mod.default || mod;
        return (Array.isArray(plugins) ? plugins : [plugins])[0].rendererFactory;
      })();
    }
    return realFactory;
  }

  function mimeExtension() {
    const { Widget, PanelLayout } = widgets;
    class LazyPlotly extends Widget {
      constructor(options) {
        super();
        this._options = options;
        this._real = null;
        this.layout = new PanelLayout();
      }

      async renderModel(model) {
        if (!this._real) {
          const factory = await loadReal();
          this._real = factory.createRenderer(this._options);
          this.layout.addWidget(this._real);
        }
        return this._real.renderModel(model);
      }
    }
    const rendererFactory = { safe: true, mimeTypes: [MIME], createRenderer: (options) => new LazyPlotly(options) };
    return [{
      id: "@jupyterlab/plotly-extension:factory",
      rendererFactory,
      rank: 2,
      dataType: "json",
      fileTypes: [{ name: "plotly", mimeTypes: [MIME], extensions: [".plotly", ".plotly.json"],
                    iconClass: "jp-MaterialIcon jp-PlotlyIcon" }],
      documentWidgetFactoryOptions: { name: "Plotly", primaryFileType: "plotly", fileTypes: ["plotly", "json"],
                                      defaultFor: ["plotly"] },
    }];
  }

  (_JUPYTERLAB = typeof _JUPYTERLAB === "undefined" ? {} : _JUPYTERLAB)[NAME] = {
    async init(scope) {
      shareScope = scope;
      widgets = await shared("@lumino/widgets");
    },
    async get(module) {
      if (module !== "./mimeExtension") throw new Error(`Module "${module}" does not exist in container.`);
      const plugins = mimeExtension();
      return () => ({ __esModule: true, default: plugins });
    },
  };
})();
