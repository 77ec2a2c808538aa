export const id = 526;
export const ids = [526];
export const modules = {

/***/ 3526:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   baseHarness: () => (/* binding */ baseHarness)
/* harmony export */ });
/* harmony import */ var _resolve_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(849);

async function baseHarness(src) {
    const { fileAt, filesAt } = src;
    if (!fileAt || !filesAt)
        return `harness: ${src.source} cannot read the base's tree, so only the listed harness paths count (check out with history so git can answer)`;
    let files;
    try {
        files = await filesAt(src.baseSha);
    }
    catch (e) {
        return `harness: the base's tree could not be listed (${String(e).split('\n')[0]}): only the listed harness paths count`;
    }
    return (0,_resolve_js__WEBPACK_IMPORTED_MODULE_0__/* .resolveHarness */ .Ll)({ files, read: (p) => fileAt(src.baseSha, p) });
}


/***/ })

};
