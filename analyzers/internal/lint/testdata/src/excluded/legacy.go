package excluded

func legacy() {
	Flag()
}

func legacyIgnored() {
	//deletionlint:ignore flagcall a directive in an excluded file is not reported as unused either
	Flag()
}
