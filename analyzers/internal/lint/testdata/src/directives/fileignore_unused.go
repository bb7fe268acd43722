//deletionlint:file-ignore flagcall no call of Flag in this file // want `unused //deletionlint:file-ignore directive: flagcall reports nothing in this file`

package directives

func noCall() {}
