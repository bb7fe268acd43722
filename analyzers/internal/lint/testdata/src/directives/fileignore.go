//deletionlint:file-ignore flagcall this file is a fixture

package directives

func inIgnoredFile() {
	Flag()
	Flag()
}
