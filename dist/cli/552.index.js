export const id = 552;
export const ids = [552];
export const modules = {

/***/ 6552:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GRAMMAR_FILES: () => (/* binding */ GRAMMAR_FILES),
/* harmony export */   parserFor: () => (/* binding */ parserFor)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_2__);
// The parser's loader (adapter): loads tree-sitter's runtime and reads the WASM bytes of each
// grammar, once per process, and hands src/code a parse function. The files sit next to the
// bundle (scripts/build.mjs copies them into grammars/), or, run from the sources, in
// node_modules. WASM, not a native addon: one dist/ for every runner's platform.
// The runtime's JS is loaded as the file it is, not bundled: its Emscripten glue imports
// `module` for createRequire, which the bundler's namespace wrapper loses.



/** Each grammar's file, and the npm package that ships it. */
const GRAMMAR_FILES = {
    glue: { pkg: 'web-tree-sitter', file: 'tree-sitter.js' },
    runtime: { pkg: 'web-tree-sitter', file: 'tree-sitter.wasm' },
    python: { pkg: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
    javascript: { pkg: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
    typescript: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
    tsx: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
};
const HERE = node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname((0,node_url__WEBPACK_IMPORTED_MODULE_2__.fileURLToPath)(import.meta.url));
/** Where one of the files is: next to the bundle, else in the sources' node_modules. */
function locate(which) {
    const { pkg, file } = GRAMMAR_FILES[which];
    const places = [
        node_path__WEBPACK_IMPORTED_MODULE_1___default().join(HERE, 'grammars', file),
        node_path__WEBPACK_IMPORTED_MODULE_1___default().join(HERE, '..', '..', '..', 'node_modules', pkg, file),
    ];
    for (const p of places)
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(p))
            return p;
    throw new Error(`the parser's ${file} is missing (looked in ${places.join(', ')})`);
}
let runtime = null;
const languages = new Map();
async function loadRuntime() {
    const ts = (await import(
    /* webpackIgnore: true */ (0,node_url__WEBPACK_IMPORTED_MODULE_2__.pathToFileURL)(locate('glue')).href));
    await ts.Parser.init({ wasmBinary: (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(locate('runtime')) });
    return ts;
}
/** A parser of one language, ready to use; rejects when its WASM cannot be read or loaded. */
async function parserFor(lang) {
    runtime ??= loadRuntime();
    const ts = await runtime;
    let l = languages.get(lang);
    if (!l) {
        l = ts.Language.load((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(locate(lang)));
        languages.set(lang, l);
    }
    const parser = new ts.Parser();
    parser.setLanguage(await l);
    return (text) => parser.parse(text);
}


/***/ })

};
